import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** What deleting the account would do (open orders, the forfeited balance, subscriptions); read when the dialog opens. */
export const useDeletionPreview = (userId: number) =>
  useQuery({
    queryKey: ['account-deletion', userId],
    queryFn: ({ signal }) => api('/v2/get-account-deletion', {}, { signal }),
    staleTime: 0,
  });

/** Deletes the account (or asks the bot to confirm); resolves to the answer and the server's message. */
export async function deleteAccount(input: { password?: string; confirm_via?: 'telegram' }) {
  let message = '';
  const data = await api('/v2/delete-account', input, { onMessage: (m) => (message = m) });
  return { ...data, message };
}
