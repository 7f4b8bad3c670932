import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/**
 * The logged-in customer's back-in-stock alert on one product (docs/decisions/018): its own small call, apart from
 * the product's details, which are public and cached for everyone.
 */
export const useStockAlert = (userId: number | undefined, productId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.stockAlerts.one(userId ?? 0, productId),
    queryFn: ({ signal }) => api('/v2/get-stock-alert', { product_id: productId }, { signal }),
    enabled: enabled && userId !== undefined,
  });

/** Sets (`on`) or cancels the alert; resolves to the server's message (for the toast). */
export function useChangeStockAlert(userId: number | undefined, productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      let message = '';
      const onMessage = (m: string) => {
        message = m;
      };
      const answer = on
        ? await api('/v2/set-stock-alert', { product_id: productId }, { onMessage })
        : await api('/v2/cancel-stock-alert', { product_id: productId }, { onMessage });
      return { alert: answer.alert, message };
    },
    onSuccess: ({ alert }) => {
      client.setQueryData(queryKeys.stockAlerts.one(userId ?? 0, productId), { alert });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.stockAlerts.all }),
  });
}
