import { Counter, Gauge, type Registry } from 'prom-client';
import { nativeHandle } from '../db/connection';
import { mailBacklog } from '../mail/outbox';
import { noticeBacklog } from '../notifications/outbox';
import { cardPaymentsStatus } from '../payments/card-notices';
import type { Shop } from '../shop';

/**
 * What is read when Prometheus scrapes, not counted as it happens (docs/decisions/044): the outboxes' backlog, the
 * PostgreSQL pool, how long the webhooks have been silent. A read from the database gets COLLECT_TIMEOUT_MS; one that
 * fails or takes longer leaves its gauges empty for that scrape (never a stale value) and counts in
 * `shop_metrics_collect_failures_total`. Counts and ages only: nothing of a row's content.
 */

/** How long a scrape waits for one database read. */
const COLLECT_TIMEOUT_MS = 1000;

type Read<T> = () => Promise<T | null>;

export function watchShop(shop: Shop, now: () => number = Date.now): void {
  const registers = [shop.metrics.registry];
  const failures = new Counter({
    name: 'shop_metrics_collect_failures_total',
    help: 'Reads for the metrics that failed or took longer than 1 s, by source; their gauges were left empty.',
    labelNames: ['source'],
    registers,
  });
  /**
   * `read` once per scrape (its gauges share it), started as the scrape starts and bounded by the timeout; null (and a
   * failure counted) when it fails or is late. Started lazily: a registry read without `scrape()` reads it then.
   */
  const shared = <T>(source: string, read: () => Promise<T>): Read<T> => {
    let value: Promise<T | null> | undefined;
    shop.metrics.beforeScrape(() => {
      value = undefined;
    });
    return () => {
      value ??= withTimeout(read(), COLLECT_TIMEOUT_MS).catch(() => {
        failures.inc({ source });
        return null;
      });
      return value;
    };
  };
  watchOutboxes(
    registers,
    now,
    shared('outbox', () => outboxes(shop)),
  );
  watchPool(shop, registers);
  watchWebhooks(
    shop,
    registers,
    now,
    shared('stripe', () => cardPaymentsStatus(shop.db, shop.payments)),
  );
}

/** The outboxes' backlogs: how many wait and since when (here and on the System page, src/server/system). */
export async function outboxes(shop: Pick<Shop, 'db'>) {
  const [mail, bot] = await Promise.all([mailBacklog(shop.db), noticeBacklog(shop.db)]);
  return { mail, bot };
}

type Registers = Registry[];

function watchOutboxes(
  registers: Registers,
  now: () => number,
  read: Read<Awaited<ReturnType<typeof outboxes>>>,
): void {
  type Backlog = { count: number; oldest: string | null };
  const outboxGauge = (name: string, help: string, value: (backlog: Backlog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'],
      registers,
      async collect() {
        this.reset();
        const backlogs = await read();
        if (!backlogs) return;
        for (const [outbox, backlog] of Object.entries(backlogs)) this.set({ outbox }, value(backlog));
      },
    });
  outboxGauge(
    'shop_outbox_backlog',
    'Messages waiting to be sent, by outbox (mail: e-mail; bot: Telegram notices).',
    (b) => b.count,
  );
  outboxGauge(
    'shop_outbox_oldest_age_seconds',
    'How long the oldest message still to send has waited, by outbox (0 when none waits).',
    (b) => ageSeconds(b.oldest, now()),
  );
}

/** The PostgreSQL pool's connections (SQLite has one connection and no pool: nothing is shown). */
function watchPool(shop: Shop, registers: Registers): void {
  const native = nativeHandle(shop.db);
  if (native?.kind !== 'postgres') return;
  const { pool } = native;
  new Gauge({
    name: 'shop_db_pool_in_use',
    help: 'PostgreSQL connections of this instance running a query or a transaction.',
    registers,
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting',
    help: 'Queries of this instance waiting for a PostgreSQL connection (the pool is full).',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'shop_db_pool_max',
    help: "The most PostgreSQL connections this instance's pool opens.",
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
}

/**
 * Seconds since the shop last heard from Telegram (an update at the webhook, on this instance; since it started when
 * none yet) and from the card provider (its last notice, read from the database: any instance's). Only for what is
 * on: Telegram with BOT_TOKEN; the card provider with its keys and once it has sent a notice.
 */
function watchWebhooks(
  shop: Shop,
  registers: Registers,
  now: () => number,
  stripe: Read<{ last_notice_at: string | null }>,
): void {
  if (!shop.config.BOT_TOKEN && !shop.payments) return;
  new Gauge({
    name: 'shop_webhook_silence_seconds',
    help: 'Seconds since the last Telegram update this instance received (or its start) and the last card provider notice.',
    labelNames: ['source'],
    registers,
    async collect() {
      this.reset();
      const at = now();
      if (shop.config.BOT_TOKEN) this.set({ source: 'telegram' }, (at - shop.metrics.lastHeard('telegram')) / 1000);
      if (!shop.payments) return;
      const last = (await stripe())?.last_notice_at;
      if (last) this.set({ source: shop.payments.name }, ageSeconds(last, at));
    },
  });
}

/** Seconds from an ISO time to `at` (0 for none, or for a time ahead of this machine's clock). */
function ageSeconds(iso: string | null, at: number): number {
  if (!iso) return 0;
  const then = Date.parse(iso);
  return Number.isFinite(then) ? Math.max(0, (at - then) / 1000) : 0;
}

/** `work`, or a rejection after `ms`. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
