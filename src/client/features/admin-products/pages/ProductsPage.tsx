import { STOCK_FILTERS, type StockFilter, TAG_KINDS } from '@common/catalogue-rules';
import type { AdminProductRow } from '@common/contract/admin/products';
import { formatCents } from '@common/money';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { FilterBar, SearchFilter, SelectFilter } from '@/lib/ui/admin/Filters';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import type { ProductFilters } from '../api/keys';
import { useProductList } from '../api/products-list';
import { useProductOptions } from '../api/products-options';
import { StateBadge } from '../components/ProductBadges';
import '../locales';
import '../admin-products.css';

const positiveId = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The filters the URL's query holds (anything unknown is ignored). */
function readFilters(params: URLSearchParams): ProductFilters {
  const stock = params.get('stock');
  const hidden = params.get('hidden');
  return {
    q: params.get('q')?.trim() || undefined,
    category_id: positiveId(params.get('category_id')),
    tag_id: positiveId(params.get('tag_id')),
    stock: (STOCK_FILTERS as readonly string[]).includes(stock ?? '') ? (stock as StockFilter) : undefined,
    hidden: hidden === '1' ? true : hidden === '0' ? false : undefined,
  };
}

/** "$12.00" or "$12.00–$20.00" (the prices a shopper pays over the packagings on sale). */
export const priceRange = (min: number | null, max: number | null): string =>
  min === null || max === null ? '—' : min === max ? formatCents(min) : `${formatCents(min)}–${formatCents(max)}`;

/**
 * /admin/products: search by name or slug, filter by category, type/benefit/tag, stock and visibility (all kept in
 * the URL), newest first with "Load more"; New product.
 */
export default function ProductsPage() {
  const { t, i18n } = useTranslation('admin-products');
  const navigate = useNavigate();
  const urlFilters = useUrlFilters(readFilters);
  const list = useProductList(urlFilters.filters);
  const rows = list.data?.pages.flatMap((p) => p.products) ?? [];
  const zh = i18n.language === 'zh';

  const columns: Column<AdminProductRow>[] = [
    {
      key: 'image',
      label: t('col.image'),
      render: (p) =>
        p.image ? <img className="admin-products__thumb" src={p.image} alt="" width={48} height={48} /> : null,
    },
    {
      key: 'name',
      label: t('col.name'),
      render: (p) => (
        <span>
          <Link to={`/admin/products/${p.id}`}>{zh ? p.name_zh : p.name_en}</Link>
          <br />
          <small>{p.slug}</small>
        </span>
      ),
    },
    { key: 'state', label: t('col.state'), render: (p) => <StateBadge state={p.state} /> },
    {
      key: 'price',
      label: t('col.price'),
      numeric: true,
      render: (p) => priceRange(p.price_min_cents, p.price_max_cents),
    },
    {
      key: 'stock',
      label: t('col.stock'),
      render: (p) => (
        <span className="admin-products__stock">
          {t(`stockStates.${p.stock_state}`)} · {t('units', { count: p.stock_total })}
          {p.low && <span className="admin-badge admin-badge--warn">{t('low')}</span>}
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('title')}
      mainAction={{ label: t('newProduct'), onClick: () => navigate('/admin/products/new') }}
      actions={
        <Link className="btn" to="/admin/products/import">
          {t('importExport')}
        </Link>
      }
    >
      <ProductFilterBar urlFilters={urlFilters} />
      <PagedTable
        list={list}
        keepRowsOnError
        caption={t('listCaption')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        empty={t('empty')}
      />
    </AdminPage>
  );
}

/** The list's filters: search, category, type/benefit/tag, stock and visibility (the URL holds them). */
function ProductFilterBar({ urlFilters }: { urlFilters: ReturnType<typeof useUrlFilters<ProductFilters>> }) {
  const { t, i18n } = useTranslation('admin-products');
  const { filters, text, search, setFilter, filtered, clear } = urlFilters;
  const options = useProductOptions();
  const zh = i18n.language === 'zh';
  return (
    <FilterBar label={t('filters')} clear={filtered && { label: t('clear'), onClick: clear }}>
      <SearchFilter label={t('search')} value={text} placeholder={t('searchHint')} onChange={search} />
      <SelectFilter
        label={t('category')}
        value={filters.category_id}
        any={t('anyCategory')}
        onChange={(v) => setFilter('category_id', v)}
      >
        {options.data?.categories.map((c) => (
          <option key={c.id} value={c.id}>
            {zh ? c.name_zh : c.name_en}
          </option>
        ))}
      </SelectFilter>
      <SelectFilter label={t('tag')} value={filters.tag_id} any={t('anyTag')} onChange={(v) => setFilter('tag_id', v)}>
        {TAG_KINDS.map((kind) => (
          <optgroup key={kind} label={t(`kinds.${kind}`)}>
            {options.data?.tags
              .filter((x) => x.kind === kind)
              .map((x) => (
                <option key={x.id} value={x.id}>
                  {zh ? x.name_zh : x.name_en}
                </option>
              ))}
          </optgroup>
        ))}
      </SelectFilter>
      <SelectFilter
        label={t('stock')}
        value={filters.stock}
        any={t('anyStock')}
        choices={STOCK_FILTERS}
        choiceLabel={(s) => t(`stockFilter.${s}`)}
        onChange={(v) => setFilter('stock', v)}
      />
      <SelectFilter
        label={t('visibility')}
        value={filters.hidden === undefined ? '' : filters.hidden ? '1' : '0'}
        any={t('anyVisibility')}
        onChange={(v) => setFilter('hidden', v)}
      >
        <option value="0">{t('shownOnly')}</option>
        <option value="1">{t('hiddenOnly')}</option>
      </SelectFilter>
    </FilterBar>
  );
}
