import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export const systemKey = ['admin', 'system'] as const;

/** The System page's figures: read when the page opens (and on Refresh), not polled. */
export const useSystem = () =>
  useQuery({
    queryKey: systemKey,
    queryFn: ({ signal }) => api('/admin/system', {}, { signal }),
    refetchOnWindowFocus: false,
  });
