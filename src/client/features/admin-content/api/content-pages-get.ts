import type { PageSlug } from '@common/content-rules';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { contentKeys } from './keys';

export const getPageTexts = (slug: PageSlug, signal?: AbortSignal) =>
  api('/admin/content/pages/get', { slug }, { signal });

/** An information page in both languages. */
export const usePageTexts = (slug: PageSlug) =>
  useQuery({ queryKey: contentKeys.page(slug), queryFn: ({ signal }) => getPageTexts(slug, signal) });
