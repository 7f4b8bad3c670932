import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCouponMutation } from './keys';

export const updateCoupon = (input: ApiInput<'/admin/coupons/update'>, onMessage?: (message: string) => void) =>
  api('/admin/coupons/update', input, { onMessage });

export const useUpdateCoupon = () => useCouponMutation(updateCoupon);
