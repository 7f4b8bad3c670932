import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

export const getBanners = (signal?: AbortSignal) => api('/v2/get-banners', {}, { signal });

export const useBanners = () =>
  useQuery({ queryKey: ['banners', currentLang()], queryFn: ({ signal }) => getBanners(signal) });
