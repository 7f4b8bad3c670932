import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** The customer's cards saved for Subscribe & save renewals (docs/decisions/040): the profile lists them. */
export const useSavedCards = () =>
  useQuery({
    queryKey: queryKeys.savedCards,
    queryFn: ({ signal }) => api('/v2/get-saved-cards', {}, { signal }),
  });

/**
 * Removes a saved card: automatic renewal charges stop at once. The cards and the subscriptions (which show the card
 * they are charged to) are read again. Resolves to the server's message, for the toast.
 */
export function useRemoveSavedCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (savedCardId: number) => {
      let message = '';
      await api('/v2/remove-saved-card', { saved_card_id: savedCardId }, { onMessage: (m) => (message = m) });
      return message;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.savedCards }),
        client.invalidateQueries({ queryKey: queryKeys.subscriptions.all }),
      ]),
  });
}
