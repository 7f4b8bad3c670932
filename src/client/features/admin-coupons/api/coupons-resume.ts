import { api } from '@/lib/api/client';
import { useCouponMutation } from './keys';

export const resumeCoupon = (id: number, onMessage?: (message: string) => void) =>
  api('/admin/coupons/resume', { id }, { onMessage });

/** Resumes a paused coupon. */
export const useResumeCoupon = () => useCouponMutation(resumeCoupon);
