import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getUserDetail = (signal?: AbortSignal) => api('/v2/get-user-detail', {}, { signal });

export const useUserDetail = (userId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.userDetail(userId),
    queryFn: ({ signal }) => getUserDetail(signal),
    enabled: userId !== undefined,
  });
