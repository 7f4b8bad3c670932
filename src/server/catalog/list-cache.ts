import type { Db } from '../db/connection';
import { ResponseCache } from '../lib/response-cache';
import { forgetLookups } from './lookup-memo';

// The product list's response cache, one per database handle (tests run several apps, each on its own
// database, in one process). See ResponseCache for what it keeps and for how long.

const caches = new WeakMap<Db, ResponseCache>();

/** Pages kept at most (a page is ~6 KB of JSON plus its compressed forms). */
const MAX_PAGES = 1000;

/** The list cache of this database, made on first use; null when caching is off (`ttlMs` 0). */
export function productListCache(db: Db, ttlMs: number): ResponseCache | null {
  if (ttlMs <= 0) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = new ResponseCache({ ttlMs, max: MAX_PAGES });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call after a committed write that changes what a list card shows (stock, rating, names, prices,
 * categories or tags): this instance's cached pages and its category and tag lookups are dropped at once.
 */
export function catalogChanged(db: Db): void {
  caches.get(db)?.invalidate();
  forgetLookups(db);
}
