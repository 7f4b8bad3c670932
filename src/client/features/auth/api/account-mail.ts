import type { ApiInput } from '@common/contract/api-map';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Whether the shop sends e-mail: without it the login screen offers no "Forgot password?". */
export const useMailOptions = () =>
  useQuery({
    queryKey: queryKeys.mailOptions,
    queryFn: ({ signal }) => api('/v2/get-mail-options', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const forgotPassword = (email: string) => api('/v2/forgot-password', { email });

export const resetPassword = (input: ApiInput<'/v2/reset-password'>) => api('/v2/reset-password', input);

export const confirmEmail = (token: string) => api('/v2/confirm-email', { link_token: token });
