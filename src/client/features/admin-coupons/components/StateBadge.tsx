import type { AdminCoupon } from '@common/contract/admin/coupons';
import { useTranslation } from 'react-i18next';
import { stateBadgeClass } from './coupon-text';

/** A coupon's state as a badge: Active, Scheduled, Expired, Used up or Paused. */
export function StateBadge({ state }: { state: AdminCoupon['state'] }) {
  const { t } = useTranslation('admin-coupons');
  return <span className={stateBadgeClass(state)}>{t(`states.${state}`)}</span>;
}
