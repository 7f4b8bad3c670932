import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

export const getAllPaymentMethod = (signal?: AbortSignal) => api('/v2/get-all-payment-method', {}, { signal });

export const usePaymentMethods = () =>
  useQuery({
    queryKey: ['payment-methods', currentLang()],
    queryFn: ({ signal }) => getAllPaymentMethod(signal),
    staleTime: 5 * 60_000,
  });
