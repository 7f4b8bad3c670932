import type { ApiInput } from '@common/contract/api-map';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** An order's exchanges: until when one can be asked, and the requests with their status (docs/decisions/020). */
export const useOrderExchanges = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.exchanges.ofOrder(orderId),
    queryFn: () => api('/v1/get-order-exchanges', { order_id: orderId }),
    enabled,
  });

export type ExchangeAsk = ApiInput<'/v1/request-exchange'>;

/** Asks to exchange a line (multipart when a photo is attached); the answer is the order's exchanges now. */
export const useRequestExchange = (orderId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ask: ExchangeAsk) => {
      let message = '';
      const data = await api('/v1/request-exchange', ask, { onMessage: (m) => (message = m) });
      return { data, message };
    },
    onSuccess: ({ data }) => {
      // The answer is in this language; the order's exchanges cached in the other one are out of date too.
      void client.invalidateQueries({ queryKey: queryKeys.exchanges.all, refetchType: 'none' });
      client.setQueryData(queryKeys.exchanges.ofOrder(orderId), data);
    },
  });
};
