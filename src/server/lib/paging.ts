import { ADMIN_PAGE_LIMIT } from '../../common/contract/admin/paging';

/** The page size asked for, or the back office's default (src/common/contract/admin/paging.ts). */
export const adminLimit = (limit: number | undefined): number => limit ?? ADMIN_PAGE_LIMIT.default;

/**
 * Cuts a keyset page fetched with one row more than `limit` (db/keyset.ts `newestBelow`) and gives the next
 * page's cursor: the last row's id when there is a next page, else null.
 */
export function keysetPage<T extends { id: number }>(
  rows: T[],
  limit: number,
): { items: T[]; next_cursor: number | null } {
  const items = rows.slice(0, limit);
  return { items, next_cursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
