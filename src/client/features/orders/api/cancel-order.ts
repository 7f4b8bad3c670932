import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { rememberOrder } from './get-order-details';
import { ORDERS_KEY } from './get-orders';

export const cancelOrder = (orderId: number) => api('/v2/cancel-order', { order_id: orderId });

/** Within the 15-minute window: cancel (the server returns stock, coupon use and cash reward). */
export const useCancelOrder = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: ({ order }) => {
      rememberOrder(client, order);
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
      // Stock went back: product pages and lists show it again.
      void client.invalidateQueries({ queryKey: ['product'] });
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
};
