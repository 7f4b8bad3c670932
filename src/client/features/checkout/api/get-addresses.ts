import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const ADDRESSES_KEY = ['addresses'] as const;

export const getAddresses = (signal?: AbortSignal) => api('/v2/get-addresses', {}, { signal });

/** The caller's delivery addresses, default first. */
export const useAddresses = (enabled = true) =>
  useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => getAddresses(signal), enabled });
