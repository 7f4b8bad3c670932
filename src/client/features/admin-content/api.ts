import type { PageSlug } from '@common/content-rules';
import type { AdminBanner, AdminFaq, AdminPage } from '@common/contract/admin/content';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { inOrder } from '@/lib/ui/admin/MoveButtons';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const contentKeys = {
  banners: ['admin', 'content', 'banners'] as const,
  page: (slug: PageSlug) => ['admin', 'content', 'page', slug] as const,
  faqs: ['admin', 'content', 'faqs'] as const,
  /** The mutation saving a page (the screen's main action shows it busy). */
  savePage: ['admin', 'content', 'save-page'] as const,
};

/**
 * After a change: this screen's list, and the shop's own cached copy (every language), so the shop's page shows the
 * change in this tab too (the server never serves a stale one).
 */
function useContentMutation<V, R>(fn: (vars: V) => Promise<R>, keys: QueryKey[], mutationKey?: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

const shop = {
  banners: [queryKeys.banners()[0]],
  pages: [queryKeys.infoPage('about')[0]],
  faq: [queryKeys.faq()[0]],
};

// Banners

export const useBanners = () =>
  useQuery({
    queryKey: contentKeys.banners,
    queryFn: ({ signal }) => api('/admin/content/banners/list', {}, { signal }),
  });

/** What the banner editor sends (dates empty: open). */
export interface BannerDraft {
  image: string;
  title_en: string;
  title_zh: string;
  subtitle_en: string;
  subtitle_zh: string;
  alt_en: string;
  alt_zh: string;
  link: string;
  starts_on: string;
  ends_on: string;
  is_active: boolean;
}

const bannerBody = (d: BannerDraft) => ({
  ...d,
  starts_on: d.starts_on || undefined,
  ends_on: d.ends_on || undefined,
});

export const useSaveBanner = () =>
  useContentMutation(
    ({ id, draft }: { id: number | null; draft: BannerDraft }) =>
      id === null
        ? api('/admin/content/banners/create', bannerBody(draft))
        : api('/admin/content/banners/update', { id, ...bannerBody(draft) }),
    [contentKeys.banners, shop.banners],
  );

export const useSetBannerActive = () =>
  useContentMutation(
    (v: { id: number; is_active: boolean }) => api('/admin/content/banners/set-active', v),
    [contentKeys.banners, shop.banners],
  );

export const useDeleteBanner = () =>
  useContentMutation((id: number) => api('/admin/content/banners/delete', { id }), [contentKeys.banners, shop.banners]);

/**
 * Reorders a list at once on screen (so the moved row and its focused button move with the key press), then on the
 * server; a refusal (the list changed meanwhile) reads the list again.
 */
function useReorder<K extends 'banners' | 'faqs', Row extends { id: number }>(
  key: QueryKey,
  field: K,
  send: (ids: number[]) => Promise<unknown>,
  shopKey: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (ids: number[]) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<Record<K, Row[]>>(key, (old) =>
        old ? ({ ...old, [field]: inOrder(old[field], ids) } as Record<K, Row[]>) : old,
      );
    },
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: shopKey })]);
    },
  });
}

export const useReorderBanners = () =>
  useReorder<'banners', AdminBanner>(
    contentKeys.banners,
    'banners',
    (ids) => api('/admin/content/banners/reorder', { ids }),
    shop.banners,
  );

export const useUploadImage = () =>
  useMutation({ mutationFn: (image: File) => api('/admin/content/images/upload', { image }) });

// Pages

export const usePageTexts = (slug: PageSlug) =>
  useQuery({
    queryKey: contentKeys.page(slug),
    queryFn: ({ signal }) => api('/admin/content/pages/get', { slug }, { signal }),
  });

export const useSavePage = () =>
  useContentMutation(
    (v: Omit<AdminPage, 'updated_at'> & { expected_updated_at?: string }) => api('/admin/content/pages/update', v),
    [['admin', 'content', 'page'], shop.pages],
    contentKeys.savePage,
  );

// FAQ

export const useFaqs = () =>
  useQuery({
    queryKey: contentKeys.faqs,
    queryFn: ({ signal }) => api('/admin/content/faqs/list', {}, { signal }),
  });

export type FaqDraft = Pick<AdminFaq, 'question_en' | 'question_zh' | 'answer_en' | 'answer_zh'>;

export const useSaveFaq = () =>
  useContentMutation(
    ({ id, draft }: { id: number | null; draft: FaqDraft }) =>
      id === null ? api('/admin/content/faqs/create', draft) : api('/admin/content/faqs/update', { id, ...draft }),
    [contentKeys.faqs, shop.faq],
  );

export const useDeleteFaq = () =>
  useContentMutation((id: number) => api('/admin/content/faqs/delete', { id }), [contentKeys.faqs, shop.faq]);

export const useReorderFaqs = () =>
  useReorder<'faqs', AdminFaq>(
    contentKeys.faqs,
    'faqs',
    (ids) => api('/admin/content/faqs/reorder', { ids }),
    shop.faq,
  );
