import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { contentKeys } from './keys';

export const getBanners = (signal?: AbortSignal) => api('/admin/content/banners/list', {}, { signal });

/** Every banner of the home page, in order, with its state in the shop now. */
export const useBanners = () =>
  useQuery({ queryKey: contentKeys.banners, queryFn: ({ signal }) => getBanners(signal) });
