import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { leaveFor } from '@/lib/leave-for';

/** The provider's hosted page for a Pending card order: the open one again, or a new attempt (docs/decisions/040). */
export const payOrderByCard = (orderId: number) => api('/v2/pay-order-by-card', { order_id: orderId });

/**
 * Pay now for a card order: sends the browser to the hosted page. A refusal (409: the payment is being confirmed, or
 * the order no longer waits for one) reads the order again, so the screen shows where it stands.
 */
export const usePayOrderByCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payOrderByCard,
    onSuccess: ({ checkout_url }) => leaveFor(checkout_url),
    onError: (_err, orderId) => void client.invalidateQueries({ queryKey: queryKeys.order.one(orderId) }),
  });
};
