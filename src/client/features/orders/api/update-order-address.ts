import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { rememberOrder } from './get-order-details';
import { ORDERS_KEY } from './get-orders';

export const updateOrderAddress = (input: { order_id: number; address_id: number }) =>
  api('/v2/update-order-address', input);

/** Within the 15-minute window: deliver the order to another saved address. */
export const useUpdateOrderAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrderAddress,
    onSuccess: ({ order }) => {
      rememberOrder(client, order);
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
};
