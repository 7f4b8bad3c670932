import type { OrderDetails, OrderSummary } from '@common/contract/orders';
import { shownCardPaymentState } from '@common/order-workflow';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * `checkoutSession`: the session id the card provider's page sent the shopper back with; the server asks the provider
 * about it (docs/decisions/040), so a payment its notice has not yet brought is recorded all the same.
 */
export const getOrderDetails = (orderId: number, signal?: AbortSignal, checkoutSession?: string) =>
  api('/v1/get-order-details', { order_id: orderId, checkout_session: checkoutSession }, { signal });

/** While a card payment is being confirmed, the order is read again this often… */
export const CONFIRMING_POLL_MS = 3000;
/** …at most this many times (about a minute): after that the shopper reopens the order, and no page polls forever. */
export const CONFIRMING_POLL_MAX = 20;

interface Options {
  /** The card provider's session id from the return URL (`/order?…&checkout=success&session_id=`). */
  checkoutSession?: string | null;
}

/**
 * One order in full (refreshed each time it is opened: its status moves on the operator's side). While its card
 * payment is `confirming`, it is read again every few seconds (capped) until the server records the money: the
 * shopper's return from the provider's page alone never shows Paid.
 */
export const useOrderDetails = (orderId: number | null, { checkoutSession }: Options = {}) => {
  const client = useQueryClient();
  const queryKey = queryKeys.order.one(orderId ?? 0);
  /** Still polling after the return from paying: the order shows `confirming` meanwhile (order-workflow.ts). */
  const returnPolling = () =>
    Boolean(checkoutSession) && (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) < CONFIRMING_POLL_MAX;
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const read = await getOrderDetails(orderId as number, signal, checkoutSession ?? undefined);
      refreshStaleHistory(client, read.order, Boolean(checkoutSession));
      return read;
    },
    enabled: orderId !== null && Number.isInteger(orderId) && orderId > 0,
    staleTime: 0,
    select: (read) => {
      const card = read.order.card_payment;
      if (!card) return read;
      const state = shownCardPaymentState(card.state, returnPolling());
      return state === card.state ? read : { ...read, order: { ...read.order, card_payment: { ...card, state } } };
    },
    refetchInterval: (query) => {
      const state = query.state.data?.order.card_payment?.state ?? 'none';
      return shownCardPaymentState(state, returnPolling()) === 'confirming' &&
        query.state.dataUpdateCount < CONFIRMING_POLL_MAX
        ? CONFIRMING_POLL_MS
        : false;
    },
  });
};

/**
 * One order read afresh can be newer than the order history's copy of it: a card payment recorded while the order's
 * page polled, or by the read itself on the return from the provider (docs/decisions/040). The history is read again
 * when it lists the order with another status, or when it is being read while a return's read may have changed it.
 */
function refreshStaleHistory(client: QueryClient, order: Pick<OrderDetails, 'id' | 'status'>, returnRead: boolean) {
  const lists = client.getQueriesData<InfiniteData<{ orders: OrderSummary[] }>>({ queryKey: queryKeys.orders.all });
  const stale = lists.some(
    ([key, data]) =>
      (returnRead && client.getQueryState(key)?.fetchStatus === 'fetching') ||
      data?.pages.some((page) => page.orders.some((o) => o.id === order.id && o.status !== order.status)),
  );
  if (stale) void client.invalidateQueries({ queryKey: queryKeys.orders.all });
}

/** An answer that carries the order in full (place, change address, cancel) updates the cache. */
export function rememberOrder(client: QueryClient, order: OrderDetails): void {
  client.setQueryData(queryKeys.order.one(order.id), { order });
}
