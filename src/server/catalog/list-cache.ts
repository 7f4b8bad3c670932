import { type ChangeListener, originOf, publishChange, startChangeListener } from '../db/change-bus';
import type { Db } from '../db/connection';
import { ResponseCache } from '../lib/response-cache';
import { forgetLookups } from './lookup-memo';

// The product list's response cache, one per database handle (tests run several apps, each on its own
// database, in one process). See ResponseCache for what it keeps and for how long.
//
// Several instances (docs/decisions/024): on PostgreSQL every write that changes list cards tells the other instances
// (change-bus.ts NOTIFY), and each instance's listener drops its cache on hearing it. While an instance's listener is
// not listening (starting, reconnecting) its cache is bypassed: a cache that cannot be cleared is not used. On SQLite
// (one instance) a write clears the local cache only; the operator's command line is seen within CATALOG_CACHE_MS.

const caches = new WeakMap<Db, ResponseCache>();
/** Databases whose cache is bypassed now (their listener is not listening). */
const bypassed = new WeakSet<Db>();

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
/** Where a failed publish is reported (set by `followCatalogChanges`; the command line has none). */
const logs = new WeakMap<Db, Log>();

/** Pages kept at most (a page is ~6 KB of JSON plus its compressed forms). */
const MAX_PAGES = 1000;

/** The list cache of this database, made on first use; null when caching is off (`ttlMs` 0). */
export function productListCache(db: Db, ttlMs: number): ResponseCache | null {
  if (ttlMs <= 0) return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = new ResponseCache({ ttlMs, max: MAX_PAGES });
    cache.bypassed = bypassed.has(db);
    caches.set(db, cache);
  }
  return cache;
}

function setBypassed(db: Db, on: boolean): void {
  if (on) bypassed.add(db);
  else bypassed.delete(db);
  const cache = caches.get(db);
  if (cache) cache.bypassed = on;
}

/**
 * Call (and await) after a committed write that changes what a list card shows (stock, rating, names, prices,
 * categories or tags): this instance's cached pages and its category and tag lookups are dropped at once, and on PostgreSQL every other instance is
 * told to drop its own. A failed notice is logged, never thrown: the write has committed, and the other instances'
 * pages still expire within CATALOG_CACHE_MS.
 */
export async function catalogChanged(db: Db): Promise<void> {
  caches.get(db)?.invalidate();
  forgetLookups(db);
  try {
    await publishChange(db, 'catalog');
  } catch (err) {
    const log = logs.get(db);
    if (log) log.warn({ err }, 'catalogue change not told to the other instances (their lists expire on their own)');
  }
}

/**
 * Listens for the other instances' catalogue changes on this PostgreSQL database (app.ts, PostgreSQL only): each
 * drops this instance's list cache; until listening, and while reconnecting, the cache is bypassed.
 */
export function followCatalogChanges(db: Db, databaseUrl: string, log: Log): ChangeListener {
  logs.set(db, log);
  setBypassed(db, true);
  return startChangeListener({
    url: databaseUrl,
    log,
    ignoreFrom: originOf(db),
    onChange: () => {
      caches.get(db)?.invalidate();
      forgetLookups(db);
    },
    onState: (state) => setBypassed(db, state !== 'listening'),
  });
}
