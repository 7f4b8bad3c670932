import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connection';

// The list's filter lookups (a category by id or slug, a tag by slug) kept in memory, one memo per database handle:
// categories and tags are a few dozen rows that only the seed writes, and a filtered page otherwise reads them
// before the page itself. Cleared with the list's own cache by catalogChanged() (list-cache.ts); a row changed by
// another process shows within TTL_MS. Only found rows are kept, so a category added elsewhere is found at once.

const TTL_MS = 60_000;
/** Keys are normalised (an id as a number, a slug as it is) and only found rows are kept: a bound, not a limit. */
const MAX = 1000;

interface Memo {
  rows: LRUCache<string, object>;
  /** Bumped by forgetLookups: a read that was running then is not kept (it may have read the old row). */
  generation: number;
}

const memos = new WeakMap<Db, Memo>();

function memoOf(db: Db): Memo {
  let memo = memos.get(db);
  if (!memo) {
    memo = { rows: new LRUCache({ max: MAX, ttl: TTL_MS, updateAgeOnGet: false }), generation: 0 };
    memos.set(db, memo);
  }
  return memo;
}

/** The row under `key`, read by `read` the first time (and again after TTL_MS or forgetLookups); undefined is not kept. */
export async function memoized<T extends object>(db: Db, key: string, read: () => Promise<T | undefined>) {
  const memo = memoOf(db);
  const hit = memo.rows.get(key);
  if (hit) return hit as T;
  const generation = memo.generation;
  const row = await read();
  if (row && generation === memo.generation) memo.rows.set(key, row);
  return row;
}

/** Drops every kept lookup of this database (part of catalogChanged). */
export function forgetLookups(db: Db): void {
  const memo = memos.get(db);
  if (!memo) return;
  memo.generation++;
  memo.rows.clear();
}
