import type { CouponState } from '@common/coupon-rules';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { couponKeys } from './keys';

/** The list's filters, as kept in the URL's query (`?state=active&q=…`). */
export interface CouponFilters {
  q?: string;
  state?: CouponState;
}

/** Coupons matching `q` (code) in `state`, newest first, a page at a time. */
export const useCoupons = ({ q = '', state }: CouponFilters) =>
  useCursorPages(couponKeys.list(q, state ?? ''), '/admin/coupons/list', {
    q: q || undefined,
    state: state || undefined,
  });
