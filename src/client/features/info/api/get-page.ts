import type { PageSlug } from '@common/contract/info';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** Any information page by slug (the About page uses `about`). */
export const getPage = (slug: PageSlug, signal?: AbortSignal) => api('/v2/get-page', { slug }, { signal });

export const usePage = (slug: PageSlug) =>
  useQuery({
    queryKey: queryKeys.infoPage(slug),
    queryFn: ({ signal }) => getPage(slug, signal),
    staleTime: 10 * 60_000,
  });
