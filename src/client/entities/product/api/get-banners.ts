import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const getBanners = (signal?: AbortSignal) => api('/v2/get-banners', {}, { signal });

export const useBanners = () =>
  useQuery({ queryKey: queryKeys.banners(), queryFn: ({ signal }) => getBanners(signal) });
