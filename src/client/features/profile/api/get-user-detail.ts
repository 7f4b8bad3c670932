import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const getUserDetail = (signal?: AbortSignal) => api('/v2/get-user-detail', {}, { signal });

export const userDetailKey = (userId: number | undefined) => ['user-detail', userId] as const;

export const useUserDetail = (userId: number | undefined) =>
  useQuery({
    queryKey: userDetailKey(userId),
    queryFn: ({ signal }) => getUserDetail(signal),
    enabled: userId !== undefined,
  });
