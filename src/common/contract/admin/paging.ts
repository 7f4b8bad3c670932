import { z } from 'zod';
import { id, int, optional } from '../fields';

/**
 * Keyset paging of the back office's lists (customers, subscriptions, audit log, agents, commissions, payout
 * requests): newest first by id; `cursor` is the last row's id of the previous page (`next_cursor`), the next page
 * starts below it. The orders list pages by placing time with a text cursor, and takes only `limit` from here.
 */
export const ADMIN_PAGE_LIMIT = { min: 1, max: 100, default: 50 } as const;

export const adminPaging = {
  cursor: optional(id()),
  limit: optional(
    int().pipe(
      z
        .number()
        .min(ADMIN_PAGE_LIMIT.min, { error: `must be between ${ADMIN_PAGE_LIMIT.min} and ${ADMIN_PAGE_LIMIT.max}` })
        .max(ADMIN_PAGE_LIMIT.max, { error: `must be between ${ADMIN_PAGE_LIMIT.min} and ${ADMIN_PAGE_LIMIT.max}` }),
    ),
  ),
};

/** The next page's `cursor`, or null on the last page. */
export const nextCursor = z.number().int().nullable();
