import type { PageSlug } from '@common/content-rules';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/query-keys';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const contentKeys = {
  banners: ['admin', 'content', 'banners'] as const,
  page: (slug: PageSlug) => ['admin', 'content', 'page', slug] as const,
  faqs: ['admin', 'content', 'faqs'] as const,
  /** The mutation saving a page (the screen's main action shows it busy). */
  savePage: ['admin', 'content', 'save-page'] as const,
};

/** The shop's own cached copies (every language) of what this screen changes. */
export const shopKeys = {
  banners: [queryKeys.banners()[0]],
  pages: [queryKeys.infoPage('about')[0]],
  faq: [queryKeys.faq()[0]],
};

/**
 * A change; after it, this screen's list and the shop's own cached copy (every language), so the shop's page shows
 * the change in this tab too (the server never serves a stale one).
 */
export function useContentMutation<V, R>(fn: (vars: V) => Promise<R>, keys: QueryKey[], mutationKey?: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
