import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCouponMutation } from './keys';

/** The fields New coupon and an edit send (an edit sends them all; blank dates and limits: none). */
export type CouponFields = ApiInput<'/admin/coupons/create'>;

export const createCoupon = (input: CouponFields, onMessage?: (message: string) => void) =>
  api('/admin/coupons/create', input, { onMessage });

export const useCreateCoupon = () => useCouponMutation(createCoupon);
