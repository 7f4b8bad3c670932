import type { OrderDetails } from '@common/contract/orders';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getOrderDetails = (orderId: number, signal?: AbortSignal) =>
  api('/v1/get-order-details', { order_id: orderId }, { signal });

/** One order in full (refreshed each time it is opened: its status moves on the operator's side). */
export const useOrderDetails = (orderId: number | null) =>
  useQuery({
    queryKey: queryKeys.order.one(orderId ?? 0),
    queryFn: ({ signal }) => getOrderDetails(orderId as number, signal),
    enabled: orderId !== null && Number.isInteger(orderId) && orderId > 0,
    staleTime: 0,
  });

/** An answer that carries the order in full (place, change address, cancel) updates the cache. */
export function rememberOrder(client: QueryClient, order: OrderDetails): void {
  client.setQueryData(queryKeys.order.one(order.id), { order });
}
