import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** The FAQ, in display order, in the current language. */
export const getFaq = (signal?: AbortSignal) => api('/v2/get-faq', {}, { signal });

export const useFaq = () =>
  useQuery({ queryKey: queryKeys.faq(), queryFn: ({ signal }) => getFaq(signal), staleTime: 10 * 60_000 });
