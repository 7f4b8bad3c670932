import { LRUCache } from 'lru-cache';
import { type ChangeListener, originOf, publishChange, startChangeListener } from '../db/change-bus';
import type { Db } from '../db/connection';
import { ResponseCache } from '../lib/response-cache';

// What this instance keeps of the catalogue, built once with the shop (src/server/shop.ts) and passed with it:
// - the product list's serialized pages (ResponseCache: what it keeps and for how long);
// - the list's filter lookups (a category by id or slug, a tag by slug): a few dozen rows that only the seed writes,
//   which a filtered page otherwise reads before the page itself. Only found rows are kept, so a category added
//   elsewhere is found at once; a row changed by another process shows within LOOKUP_TTL_MS.
//
// Several instances (docs/decisions/024): on PostgreSQL every write that changes list cards tells the other instances
// (change-bus.ts NOTIFY), and each instance's listener drops its cache on hearing it. While an instance's listener is
// not listening (starting, reconnecting) its cache is bypassed: a cache that cannot be cleared is not used. On SQLite
// (one instance) a write clears the local cache only; the operator's command line is seen within CATALOG_CACHE_MS.

/** Pages kept at most (a page is ~6 KB of JSON plus its compressed forms). */
const MAX_PAGES = 1000;
const LOOKUP_TTL_MS = 60_000;
/** Keys are normalised (an id as a number, a slug as it is) and only found rows are kept: a bound, not a limit. */
const MAX_LOOKUPS = 1000;

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export class CatalogCache {
  /** The product list's pages; null when caching is off (CATALOG_CACHE_MS 0). */
  readonly list: ResponseCache | null;
  private readonly lookups = new LRUCache<string, object>({
    max: MAX_LOOKUPS,
    ttl: LOOKUP_TTL_MS,
    updateAgeOnGet: false,
  });
  /** Bumped when the lookups are dropped: a read that was running then is not kept (it may have read the old row). */
  private generation = 0;
  /** Where a failed publish is reported (set by `follow`; the command line has none). */
  private log: Log | undefined;

  constructor(
    private readonly db: Db,
    ttlMs: number,
  ) {
    this.list = ttlMs > 0 ? new ResponseCache({ ttlMs, max: MAX_PAGES }) : null;
  }

  /** The row under `key`, read by `read` the first time (and again after LOOKUP_TTL_MS or a change); undefined is not kept. */
  async memoized<T extends object>(key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.lookups.get(key);
    if (hit) return hit as T;
    const generation = this.generation;
    const row = await read();
    if (row && generation === this.generation) this.lookups.set(key, row);
    return row;
  }

  /** Drops what this instance keeps: the list's pages and the lookups. */
  private forget(): void {
    this.list?.invalidate();
    this.generation++;
    this.lookups.clear();
  }

  /**
   * Call (and await) after a committed write that changes what a list card shows (stock, rating, names, prices,
   * categories or tags): this instance's pages and lookups are dropped at once, and on PostgreSQL every other instance
   * is told to drop its own. A failed notice is logged, never thrown: the write has committed, and the other instances'
   * pages still expire within CATALOG_CACHE_MS.
   */
  async changed(): Promise<void> {
    this.forget();
    await this.publish();
  }

  /** The notice on its way to the other instances, and the one queued to follow it (see `publish`). */
  private sending: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  /**
   * Tells the other instances, coalescing (docs/decisions/058): every order changes stock, so at hundreds of orders a
   * second one NOTIFY per change would be a round trip per order. A change made while a notice is on its way may have
   * committed after that notice was heard, so one more notice is queued to follow it, sent when it has gone: it covers
   * every change made meanwhile. Each change is thus followed by a notice sent after it, as before.
   */
  private publish(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.sending) {
      this.queued = this.sending.then(() => {
        this.queued = null;
        return this.publish();
      });
      return this.queued;
    }
    this.sending = publishChange(this.db, 'catalog')
      .catch((err) => {
        this.log?.warn({ err }, 'catalogue change not told to the other instances (their lists expire on their own)');
      })
      .finally(() => {
        this.sending = null;
      });
    return this.sending;
  }

  /**
   * Listens for the other instances' catalogue changes on this PostgreSQL database (app.ts, PostgreSQL only): each
   * drops this instance's cache; until listening, and while reconnecting, the list's cache is bypassed.
   */
  follow(databaseUrl: string, log: Log): ChangeListener {
    this.log = log;
    this.setBypassed(true);
    return startChangeListener({
      url: databaseUrl,
      log,
      ignoreFrom: originOf(this.db),
      onChange: () => this.forget(),
      onState: (state) => this.setBypassed(state !== 'listening'),
    });
  }

  private setBypassed(on: boolean): void {
    if (this.list) this.list.bypassed = on;
  }
}
