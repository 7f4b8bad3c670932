import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** While a copy is being prepared the profile asks again this often, so "Preparing…" turns into the link by itself. */
export const PREPARING_POLL_MS = 5000;

const dataExportKey = (userId: number) => ['data-export', userId] as const;

/** The customer's latest copy of their data and the requests left today (docs/decisions/051). */
export const useDataExport = (userId: number) =>
  useQuery({
    queryKey: dataExportKey(userId),
    queryFn: ({ signal }) => api('/v2/get-data-export', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });

/** Asks for a copy; resolves to the server's message for the toast, and shows the new state at once. */
export function useRequestDataExport(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      let message = '';
      const state = await api('/v2/request-data-export', {}, { onMessage: (m) => (message = m) });
      return { state, message };
    },
    onSuccess: ({ state }) => client.setQueryData(dataExportKey(userId), state),
  });
}

/** Inside Telegram: the bot sends the ready copy's link to the linked chat; resolves to the server's message. */
export function useSendDataExportToTelegram() {
  return useMutation({
    mutationFn: async () => {
      let message = '';
      await api('/v2/send-data-export-to-telegram', {}, { onMessage: (m) => (message = m) });
      return message;
    },
  });
}
