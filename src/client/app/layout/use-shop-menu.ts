import type { Category, Tag } from '@common/contract/catalog';
import { useMemo } from 'react';
import { useCategories } from '@/features/catalog/api/get-category';
import { useTags } from '@/features/catalog/api/get-tags';

export type TagKind = Tag['kind'];

/** The three lists of the Shop menu, in order, with their headings (docs/decisions/012: the second is Benefits). */
export const TAG_GROUPS: { kind: TagKind; label: 'nav.types' | 'nav.benefits' | 'nav.tags' }[] = [
  { kind: 'type', label: 'nav.types' },
  { kind: 'benefit', label: 'nav.benefits' },
  { kind: 'tag', label: 'nav.tags' },
];

/** A category opens the product list of that category (the list accepts the slug as its id). */
export const categoryHref = (c: Pick<Category, 'slug'>) => `/products/${encodeURIComponent(c.slug)}`;

/** A type, benefit or tag opens the product list filtered by it: /products?type=…, ?benefit=…, ?tag=… */
export const tagHref = (t: Pick<Tag, 'kind' | 'slug'>) => `/products?${t.kind}=${encodeURIComponent(t.slug)}`;

/** Categories (get-category) and types/benefits/tags (get-tags) for the mega-menu and the side menu. */
export function useShopMenu() {
  const categories = useCategories();
  const tags = useTags();
  const byKind = useMemo(() => {
    const groups: Record<TagKind, Tag[]> = { type: [], benefit: [], tag: [] };
    for (const t of tags.data?.tags ?? []) groups[t.kind]?.push(t);
    return groups;
  }, [tags.data]);
  return {
    categories: categories.data?.categories ?? [],
    byKind,
    isLoading: categories.isPending || tags.isPending,
    isError: categories.isError || tags.isError,
    retry: () => {
      if (categories.isError) void categories.refetch();
      if (tags.isError) void tags.refetch();
    },
  };
}
