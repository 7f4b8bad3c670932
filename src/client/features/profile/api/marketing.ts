import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Kept here, not in lib/api/query-keys.ts, which every first load carries. */
const marketingKey = (userId: number) => ['marketing', userId] as const;

/** The customer's marketing messages switch (docs/decisions/056). */
export const useMarketingConsent = (userId: number) =>
  useQuery({
    queryKey: marketingKey(userId),
    queryFn: ({ signal }) => api('/v2/get-marketing-consent', {}, { signal }),
  });

/** Turns marketing messages on or off; resolves to the server's message for the toast, and shows the new state. */
export function useSetMarketingConsent(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      let message = '';
      const answer = await api('/v2/set-marketing-consent', { on }, { onMessage: (m) => (message = m) });
      return { answer, message };
    },
    onSuccess: ({ answer }) => client.setQueryData(marketingKey(userId), answer),
  });
}
