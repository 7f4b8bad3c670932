import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { SUMMARY_KEY } from './checkout-summary';

export const cancelCouponApplication = (code: string) => api('/v1/cancel-coupon-application', { code });

export const useCancelCoupon = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelCouponApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: SUMMARY_KEY }),
  });
};
