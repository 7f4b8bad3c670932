import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { orderKeys } from './keys';

export const getOrderExchanges = (orderId: number, signal?: AbortSignal) =>
  api('/admin/exchanges', { order_id: orderId, limit: 100 }, { signal });

/** An order's exchange requests (asked only when `enabled`: a Completed order). */
export const useOrderExchanges = (orderId: number, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.exchanges(orderId),
    queryFn: ({ signal }) => getOrderExchanges(orderId, signal),
    enabled,
  });
