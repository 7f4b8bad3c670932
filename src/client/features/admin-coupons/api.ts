import type { ApiInput } from '@common/contract/api-map';
import type { CouponState } from '@common/coupon-rules';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useMessageMutation } from '@/lib/api/use-message-mutation';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const couponKeys = {
  all: ['admin', 'coupons'] as const,
  list: (q: string, state: string) => ['admin', 'coupons', 'list', q, state] as const,
  detail: (id: number) => ['admin', 'coupons', 'detail', id] as const,
};

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

export const useCoupon = (id: number) =>
  useQuery({
    queryKey: couponKeys.detail(id),
    queryFn: ({ signal }) => api('/admin/coupons/get', { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

/** The fields New coupon and an edit send (an edit sends them all; blank dates and limits: none). */
export type CouponFields = ApiInput<'/admin/coupons/create'>;

/** Runs a change, answers its data with the server's message, and reads every coupon query again. */
const useCouponMutation = <I, O>(send: (input: I, onMessage: (m: string) => void) => Promise<O>) =>
  useMessageMutation(send, [couponKeys.all]);

export const useCreateCoupon = () =>
  useCouponMutation((input: CouponFields, onMessage) => api('/admin/coupons/create', input, { onMessage }));
export const useUpdateCoupon = () =>
  useCouponMutation((input: CouponFields & { id: number }, onMessage) =>
    api('/admin/coupons/update', input, { onMessage }),
  );
export const useSetCouponActive = () =>
  useCouponMutation((input: { id: number; active: boolean }, onMessage) =>
    api(input.active ? '/admin/coupons/resume' : '/admin/coupons/pause', { id: input.id }, { onMessage }),
  );
