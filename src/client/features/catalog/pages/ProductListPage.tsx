import type { ProductCard as Card, ProductSort } from '@common/contract/catalog';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProductList } from '@/entities/product/api/get-product-list';
import { ProductCard, SkeletonCard } from '@/entities/product/components/ProductCard';
import { ApiError } from '@/lib/api/client';
import { useListFilters } from '../hooks/use-list-filters';
import { useNearEnd } from '../hooks/use-near-end';
import '../locales';
import '@/lib/ui/skeleton.css';
import '../catalog.css';
import { usePageTitle } from '@/lib/use-page-title';

const PAGE_SIZE = 20;

/** The products of the pages loaded so far, each once. */
function uniqueProducts(pages: ReadonlyArray<{ products: Card[] }>): Card[] {
  // Pages are keyset slices, so they never overlap; still, a product is shown once whatever happens.
  const seen = new Set<number>();
  const out: Card[] = [];
  for (const page of pages) {
    for (const p of page.products) {
      if (!seen.has(p.id)) {
        seen.add(p.id);
        out.push(p);
      }
    }
  }
  return out;
}

/** /products and /products/:categoryId: filters and search (`?q=`) from the URL, sort, infinite loading. */
export default function ProductListPage() {
  const { t } = useTranslation('catalog');
  const { filters, sort, setSort, q, clearSearch } = useListFilters();
  const list = useProductList(filters, PAGE_SIZE);
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = list;

  const products = useMemo(() => uniqueProducts(data?.pages ?? []), [data]);

  const first = data?.pages[0];
  const filterName = first?.tag?.name ?? first?.category?.name;
  const title = q ? t('list.searchTitle', { q }) : (filterName ?? (first ? t('list.allProducts') : ''));
  // A search within a category or tag says so; a list by tag names its category.
  const subtitle = q ? filterName && t('list.searchIn', { name: filterName }) : first?.tag && first.category?.name;
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useNearEnd<HTMLDivElement>(() => void fetchNextPage(), canLoadMore);

  usePageTitle(title);

  if (list.isError && !data) return <ListLoadFailed error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <main className="page catalog-list">
      <div className="catalog-list__head">
        <h1 className="catalog-list__title">{title || <span className="skeleton skeleton--title" />}</h1>
        <label className="catalog-list__sort">
          <span>{t('list.sortLabel')}</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as ProductSort)}>
            <option value="newest">{t('list.newest')}</option>
            <option value="oldest">{t('list.oldest')}</option>
          </select>
        </label>
      </div>
      {subtitle && <p className="catalog-list__sub">{subtitle}</p>}
      {q && products.length > 0 && (
        <button type="button" className="btn--link catalog-list__clear" onClick={clearSearch}>
          {t('list.clearSearch')}
        </button>
      )}

      <ul className="product-grid" aria-busy={list.isPending || isFetchingNextPage}>
        {products.map((p, i) => (
          <ProductCard key={p.id} product={p} eager={i < 4} />
        ))}
        {(list.isPending || isFetchingNextPage) &&
          Array.from({ length: list.isPending ? 8 : 4 }, (_, i) => <SkeletonCard key={`s${i}`} />)}
      </ul>

      <div ref={sentinel} className="catalog-list__sentinel" aria-hidden="true" />
      <div className="catalog-list__status" aria-live="polite">
        {isFetchingNextPage && <span className="visually-hidden">{t('list.loadingMore')}</span>}
        {isFetchNextPageError && (
          <div className="catalog-error" role="alert">
            <p>{t('list.loadFailed')}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void fetchNextPage()}>
              {t('list.retry')}
            </button>
          </div>
        )}
        {data && !hasNextPage && products.length > 0 && <p className="catalog-list__end">{t('list.end')}</p>}
        {data && products.length === 0 && !q && <p className="catalog-list__end">{t('list.empty')}</p>}
        {data && products.length === 0 && q && (
          <div className="catalog-list__no-match">
            <p>{t('list.noMatch', { q })}</p>
            <button type="button" className="btn btn--secondary" onClick={clearSearch}>
              {t('list.clearSearch')}
            </button>
            {filterName && (
              <Link className="btn btn--secondary" to={`/products?${new URLSearchParams({ q })}`}>
                {t('list.searchEverywhere')}
              </Link>
            )}
          </div>
        )}
      </div>
    </main>
  );
}

/** The list could not be loaded: an unknown category or tag leads to all products, any other failure to a retry. */
function ListLoadFailed({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation('catalog');
  const notFound = error instanceof ApiError && error.code === 404;
  return (
    <main className="page catalog-list">
      <h1>{t('list.allProducts')}</h1>
      <div className="catalog-error" role="alert">
        <p>{notFound ? error.message : t('list.loadFailed')}</p>
        {notFound ? (
          <Link className="btn btn--secondary" to="/products">
            {t('list.showAll')}
          </Link>
        ) : (
          <button type="button" className="btn btn--secondary" onClick={onRetry}>
            {t('list.retry')}
          </button>
        )}
      </div>
    </main>
  );
}
