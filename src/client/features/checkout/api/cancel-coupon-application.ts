import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const cancelCouponApplication = (code: string) => api('/v1/cancel-coupon-application', { code });

export const useCancelCoupon = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelCouponApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.checkoutSummary.all }),
  });
};
