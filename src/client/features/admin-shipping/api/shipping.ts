import type { AdminShippingView } from '@common/contract/admin/shipping';
import type { ApiInput } from '@common/contract/api-map';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { inOrder } from '@/lib/ui/admin/MoveButtons';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const shippingKeys = { all: ['admin', 'shipping'] as const };

export const getShipping = (signal?: AbortSignal) => api('/admin/shipping', {}, { signal });

/** The Shipping screen's data: every state of each country, and the free-delivery threshold. */
export const useShipping = () => useQuery({ queryKey: shippingKeys.all, queryFn: ({ signal }) => getShipping(signal) });

/** The shop's own answers in this browser that a change moves: the address form's states, fees, checkout totals. */
const SHOP_KEYS: QueryKey[] = [
  [queryKeys.states()[0]],
  [queryKeys.shippingFee(null, 'standard', '')[0]],
  queryKeys.checkoutSummary.all,
];

type ChangePath =
  | '/admin/shipping/states/add'
  | '/admin/shipping/states/update'
  | '/admin/shipping/states/retire'
  | '/admin/shipping/states/restore'
  | '/admin/shipping/free-threshold';

/**
 * One change on the Shipping screen: the answer is the screen's new data, kept at once; resolves to the server's
 * success message (in the user's language), for a toast.
 */
export function useShippingChange<P extends ChangePath>(path: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiInput<P>) => {
      let message = '';
      const view = await api(path, input, {
        onMessage: (text) => {
          message = text;
        },
      });
      client.setQueryData(shippingKeys.all, view);
      return message;
    },
    onSettled: () => Promise.all(SHOP_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * Puts a country's states in a new order at once on screen (so the moved row and its focused button move with the
 * key press), then on the server; a refusal (the list changed meanwhile) reads the list again.
 */
export function useReorderStates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { country: string; ids: number[] }) =>
      api('/admin/shipping/states/reorder', { country: input.country as 'PH' | 'CN', ids: input.ids }),
    onMutate: async ({ country, ids }) => {
      await client.cancelQueries({ queryKey: shippingKeys.all });
      client.setQueryData<AdminShippingView>(shippingKeys.all, (old) =>
        old
          ? {
              ...old,
              countries: old.countries.map((c) =>
                c.country === country ? { ...c, states: inOrder(c.states, ids) } : c,
              ),
            }
          : old,
      );
    },
    onSettled: () =>
      Promise.all(
        [shippingKeys.all, ...SHOP_KEYS].map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
