import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getReferralMemberAward = (cursor: string | undefined, signal?: AbortSignal) =>
  api('/v2/get-referral-member-award', { cursor, limit: 20 }, { signal });

/** The caller's referred members with their award, newest first; "Load more" fetches the next page. */
export const useReferralMemberAward = (enabled = true) =>
  useInfiniteQuery({
    queryKey: queryKeys.referral.members,
    queryFn: ({ pageParam, signal }) => getReferralMemberAward(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
