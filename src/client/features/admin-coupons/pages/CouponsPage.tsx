import type { AdminCoupon } from '@common/contract/admin/coupons';
import { COUPON_STATES, type CouponState } from '@common/coupon-rules';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useUrlFilters } from '@/lib/hooks/use-url-filters';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { FilterBar, SearchFilter, SelectFilter } from '@/lib/ui/admin/Filters';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import type { Column } from '@/lib/ui/DataTable';
import { type CouponFilters, useCoupons } from '../api/coupons-list';
import { discountText, minSpendText, perCustomerText, usesText, validText } from '../components/coupon-text';
import { StateBadge } from '../components/StateBadge';
import '../locales';

const isState = (value: string | null): value is CouponState =>
  (COUPON_STATES as readonly string[]).includes(value ?? '');

/** The filters the URL's query holds (anything unknown is ignored). */
const readFilters = (params: URLSearchParams): CouponFilters => {
  const state = params.get('state');
  return { q: params.get('q')?.trim() || undefined, state: isState(state) ? state : undefined };
};

/** The state filter's choices, in the order staff think of them. */
const STATE_CHOICES: CouponState[] = ['active', 'scheduled', 'used_up', 'expired', 'paused'];

/**
 * /admin/coupons: search by code and filter by state (both kept in the URL), newest first with "Load more"; each
 * row with its discount, minimum spend, days, "12 of 100 used" and its state. New coupon is the main action.
 */
export default function CouponsPage() {
  const { t } = useTranslation('admin-coupons');
  const navigate = useNavigate();
  const { filters, text, search, setFilter } = useUrlFilters(readFilters);
  const list = useCoupons(filters);
  const rows = list.data?.pages.flatMap((p) => p.coupons) ?? [];

  const columns: Column<AdminCoupon>[] = [
    { key: 'code', label: t('col.code'), render: (c) => <Link to={`/admin/coupons/${c.id}`}>{c.code}</Link> },
    { key: 'discount', label: t('col.discount'), render: (c) => discountText(t, c) },
    { key: 'min', label: t('col.minSpend'), numeric: true, render: (c) => minSpendText(t, c.min_spend_cents) },
    { key: 'valid', label: t('col.valid'), render: (c) => validText(t, c) },
    { key: 'uses', label: t('col.uses'), render: (c) => usesText(t, c) },
    { key: 'per', label: t('col.perCustomer'), render: (c) => perCustomerText(t, c.per_user_limit) },
    { key: 'state', label: t('col.state'), render: (c) => <StateBadge state={c.state} /> },
  ];

  return (
    <AdminPage title={t('title')} mainAction={{ label: t('newCoupon'), onClick: () => navigate('/admin/coupons/new') }}>
      <FilterBar label={t('filters')}>
        <SearchFilter label={t('search')} value={text} placeholder={t('searchHint')} onChange={search} />
        <SelectFilter
          label={t('state')}
          value={filters.state}
          any={t('anyState')}
          choices={STATE_CHOICES}
          choiceLabel={(s) => t(`states.${s}`)}
          onChange={(v) => setFilter('state', v)}
        />
      </FilterBar>
      <PagedTable
        list={list}
        keepRowsOnError
        caption={t('listCaption')}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        empty={t('empty')}
      />
    </AdminPage>
  );
}
