import type { PageSlug } from '@common/contract/info';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { currentLang } from '../../../lib/i18n/i18n';

/** Any information page by slug (the About page uses `about`). */
export const getPage = (slug: PageSlug, signal?: AbortSignal) => api('/v2/get-page', { slug }, { signal });

export const usePage = (slug: PageSlug) =>
  useQuery({
    queryKey: ['info-page', slug, currentLang()],
    queryFn: ({ signal }) => getPage(slug, signal),
    staleTime: 10 * 60_000,
  });
