import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { rememberOrder } from './get-order-details';

export const submitPayment = (input: { order_id: number; payment_reference: string; receipt: File }) =>
  api('/v2/submit-payment', input);

/** Sends the bank-transfer reference and receipt of a Pending order placed without them (a renewal). */
export const useSubmitPayment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitPayment,
    onSuccess: ({ order }) => {
      rememberOrder(client, order);
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
};
