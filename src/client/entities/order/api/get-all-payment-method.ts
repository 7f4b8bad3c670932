import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getAllPaymentMethod = (signal?: AbortSignal) => api('/v2/get-all-payment-method', {}, { signal });

export const usePaymentMethods = () =>
  useQuery({
    queryKey: queryKeys.paymentMethods(),
    queryFn: ({ signal }) => getAllPaymentMethod(signal),
    staleTime: 5 * 60_000,
  });
