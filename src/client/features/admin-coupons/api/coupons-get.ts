import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { couponKeys } from './keys';

export const getCoupon = (id: number, signal?: AbortSignal) => api('/admin/coupons/get', { id }, { signal });

/** One coupon with its latest uses (none asked for an id that cannot be one). */
export const useCoupon = (id: number) =>
  useQuery({
    queryKey: couponKeys.detail(id),
    queryFn: ({ signal }) => getCoupon(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
