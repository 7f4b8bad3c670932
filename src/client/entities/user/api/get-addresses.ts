import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getAddresses = (signal?: AbortSignal) => api('/v2/get-addresses', {}, { signal });

/** The caller's delivery addresses, default first. */
export const useAddresses = (enabled = true) =>
  useQuery({ queryKey: queryKeys.addresses, queryFn: ({ signal }) => getAddresses(signal), enabled });
