import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberOrder } from '@/entities/order/api/get-order-details';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const updateOrderAddress = (input: { order_id: number; address_id: number }) =>
  api('/v2/update-order-address', input);

/** Within the 15-minute window: deliver the order to another saved address. */
export const useUpdateOrderAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrderAddress,
    onSuccess: ({ order }) => {
      rememberOrder(client, order);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
};
