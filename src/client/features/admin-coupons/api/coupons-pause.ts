import { api } from '@/lib/api/client';
import { useCouponMutation } from './keys';

export const pauseCoupon = (id: number, onMessage?: (message: string) => void) =>
  api('/admin/coupons/pause', { id }, { onMessage });

/** Pauses a coupon: orders placed from now on cannot use it. */
export const usePauseCoupon = () => useCouponMutation(pauseCoupon);
