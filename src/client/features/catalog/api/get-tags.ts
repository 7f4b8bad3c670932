import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

/** Types, benefits and tags of the Shop menu (each with kind 'type' | 'benefit' | 'tag'), in menu order. */
export const getTags = (signal?: AbortSignal) => api('/v2/get-tags', {}, { signal });

export const useTags = () =>
  useQuery({
    queryKey: ['tags', currentLang()],
    queryFn: ({ signal }) => getTags(signal),
    staleTime: 10 * 60_000,
  });
