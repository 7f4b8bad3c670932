import type { Subscription } from '@common/contract/subscriptions';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getSubscriptions = (signal?: AbortSignal) => api('/v2/get-subscriptions', {}, { signal });

/** The caller's subscriptions: active first (soonest delivery first), then cancelled. */
export const useSubscriptions = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.subscriptions.list(),
    queryFn: ({ signal }) => getSubscriptions(signal),
    enabled,
    staleTime: 0,
  });

/** An answer carrying one subscription (change, skip, cancel) updates the list in the cache. */
export function rememberSubscription(client: QueryClient, subscription: Subscription): void {
  client.setQueryData<{ subscriptions: Subscription[] }>(queryKeys.subscriptions.list(), (data) =>
    data ? { subscriptions: data.subscriptions.map((s) => (s.id === subscription.id ? subscription : s)) } : data,
  );
}
