import type { ProductSort } from '@common/contract/catalog';
import { clipSearchText } from '@common/search-rules';
import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ProductListFilters } from '@/entities/product/api/get-product-list';

const SLUG = /^[a-z0-9-]{1,80}$/i;
const clean = (value: string | null | undefined) => (value && SLUG.test(value) ? value.toLowerCase() : undefined);

/**
 * The list's filters live in the URL so a list can be shared and reloaded:
 * `/products/:categoryId` (id or slug) and `?type=`, `?benefit=`, `?tag=`, `?sort=newest|oldest`, `?q=` (search).
 */
export function useListFilters() {
  const { categoryId } = useParams();
  const [params, setParams] = useSearchParams();
  const sort: ProductSort = params.get('sort') === 'oldest' ? 'oldest' : 'newest';
  const category = clean(categoryId);
  const type = clean(params.get('type'));
  const benefit = clean(params.get('benefit'));
  const tag = clean(params.get('tag'));
  // The search text as the server reads it (trimmed, at most SEARCH_MAX_LENGTH characters).
  const q = clipSearchText(params.get('q') ?? '') || undefined;

  const filters = useMemo<ProductListFilters>(() => {
    const f: ProductListFilters = { sort };
    if (category) f.category = category;
    if (type) f.type = type;
    if (benefit) f.benefit = benefit;
    if (tag) f.tag = tag;
    if (q) f.q = q;
    return f;
  }, [sort, category, type, benefit, tag, q]);

  const setSort = useCallback(
    (next: ProductSort) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === 'newest') p.delete('sort');
          else p.set('sort', next);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Drops the search, keeping the category, filters and sort. */
  const clearSearch = useCallback(
    () =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.delete('q');
          return p;
        },
        { replace: false },
      ),
    [setParams],
  );

  return { filters, sort, setSort, q, clearSearch };
}
