import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import type { CheckoutItem } from './cart-items';

export const validateCoupon = (input: { code: string; items: CheckoutItem[] }) => api('/v1/validate-coupon', input);

/** Checks the code against the cart and applies it server-side; the summary is asked again. */
export const useValidateCoupon = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: validateCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.checkoutSummary.all }),
  });
};
