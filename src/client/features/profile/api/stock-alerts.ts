import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** The customer's back-in-stock alerts (docs/decisions/018), newest first. */
export const useStockAlerts = (userId: number) =>
  useQuery({
    queryKey: queryKeys.stockAlerts.list(userId),
    queryFn: ({ signal }) => api('/v2/get-stock-alerts', {}, { signal }),
  });

/** Cancels one alert; every alert query (the list, the product page's) is read again. */
export function useCancelStockAlert() {
  const client = useQueryClient();
  return useMutation({
    /** Resolves to the server's message ("Alert cancelled"), for the toast. */
    mutationFn: async (productId: number) => {
      let message = '';
      await api('/v2/cancel-stock-alert', { product_id: productId }, { onMessage: (m) => (message = m) });
      return message;
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.stockAlerts.all }),
  });
}
