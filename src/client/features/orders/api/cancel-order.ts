import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberOrder } from '@/entities/order/api/get-order-details';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const cancelOrder = (orderId: number) => api('/v2/cancel-order', { order_id: orderId });

/** Within the 15-minute window: cancel (the server returns stock, coupon use and cash reward). */
export const useCancelOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: ({ order }) => {
      rememberOrder(client, order);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
      // Stock went back: product pages and lists show it again.
      void client.invalidateQueries({ queryKey: queryKeys.product.all });
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
};
