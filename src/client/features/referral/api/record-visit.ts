import { useQuery } from '@tanstack/react-query';
import { getVisitorKey } from '@/entities/user/referral-code';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Records a visit of a referral link: the path visited, where the visitor came from, and this browser's id. */
export const recordVisit = (code: string, link: string, signal?: AbortSignal) =>
  api(
    '/v2/record-visit',
    {
      code,
      link: link.slice(0, 500),
      origin: (typeof document !== 'undefined' && document.referrer ? document.referrer : 'direct').slice(0, 500),
      visitor_key: getVisitorKey(),
    },
    { signal },
  );

/** The visit of `/{code}`, recorded once (the answer says whether the code exists). */
export const useRecordVisit = (code: string, link: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.recordVisit(code),
    queryFn: () => recordVisit(code, link),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
