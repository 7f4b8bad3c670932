import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** The caller's address and whether it is confirmed (docs/decisions/016); read again when the address changes. */
export const useEmailStatus = (userId: number, email: string) =>
  useQuery({
    queryKey: queryKeys.emailStatus(userId, email),
    queryFn: ({ signal }) => api('/v2/get-email-status', {}, { signal }),
  });

export const resendEmailConfirmation = () => api('/v2/resend-email-confirmation', {});
