import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { rememberOrder } from '../../orders/api/get-order-details';
import { ORDERS_KEY } from '../../orders/api/get-orders';

export const submitPayment = (input: { order_id: number; payment_reference: string; receipt: File }) =>
  api('/v2/submit-payment', input);

/** Sends the bank-transfer reference and receipt of a Pending order placed without them (a renewal). */
export const useSubmitPayment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitPayment,
    onSuccess: ({ order }) => {
      rememberOrder(client, order);
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
};
