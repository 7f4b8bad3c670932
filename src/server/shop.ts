import { CatalogCache } from './catalog/list-cache';
import type { Config } from './config';
import type { Db } from './db/connection';
import { createFileStore } from './files/create-store';
import type { FileStore } from './files/store';
import { notFound } from './lib/errors';
import { createShopMetrics, type ShopMetrics } from './metrics/registry';
import { createPaymentProvider, type PaymentProvider } from './payments/provider';

/**
 * What the shop's server works with, built once (app.ts; the operator's command line; a bench) and passed explicitly
 * to the services that need more than the database (docs/decisions/037). Nothing of it is found through a registry:
 * a function's parameters say what it uses.
 */
export interface Shop {
  /** The database, or inside `inTransaction` the transaction. */
  db: Db;
  config: Config;
  /** Where uploaded files are kept (FILES_URL, docs/decisions/023). Never used inside a transaction (files/store.ts). */
  files: FileStore;
  /** Whether the shop sends e-mail (SMTP_URL): messages are queued only then (mail/outbox.ts). */
  mailOn: boolean;
  /** This instance's product-list pages and filter lookups, dropped on a catalogue change. */
  catalog: CatalogCache;
  /** The time now; jobs and tests may be given another. */
  clock: () => Date;
  log: ShopLog;
  /**
   * The card payment provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, docs/decisions/040), or null when card
   * payments are off: Card is then not offered. Never called inside a transaction (a provider's call is slow).
   */
  payments: PaymentProvider | null;
  /**
   * This app's metrics (docs/decisions/044): services count what happened (orders, payments, log-ins, job rounds);
   * served at /metrics. The command line and benches get a registry nobody reads.
   */
  metrics: ShopMetrics;
}

export interface ShopLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A log that says nothing (the command line, benches and tests that do not read it). */
export const quietLog: ShopLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Builds the shop on a database: the file store FILES_URL names, the e-mail switch, the catalogue's cache. */
export async function createShop(opts: {
  db: Db;
  config: Config;
  log?: ShopLog;
  /** A file store already made (the app makes it first, to close it with the server). */
  files?: FileStore;
  /** A card provider other than the one the settings name (null: none). */
  payments?: PaymentProvider | null;
  /** The app's metrics (app.ts); by default a registry of its own that nothing serves. */
  metrics?: ShopMetrics;
}): Promise<Shop> {
  const log = opts.log ?? quietLog;
  const files =
    opts.files ??
    (await createFileStore(opts.config, opts.db, {
      info: (msg) => log.info({}, msg),
      warn: (msg) => log.warn({}, msg),
    }));
  return {
    db: opts.db,
    config: opts.config,
    files,
    mailOn: Boolean(opts.config.SMTP_URL),
    catalog: new CatalogCache(opts.db, opts.config.CATALOG_CACHE_MS),
    clock: () => new Date(),
    log,
    payments: opts.payments !== undefined ? opts.payments : createPaymentProvider(opts.config),
    metrics: opts.metrics ?? createShopMetrics(),
  };
}

/** What code that writes and may queue e-mail in the same transaction needs of the shop. */
export type MailTx = Pick<Shop, 'db' | 'mailOn'>;

/** Runs `work` in one transaction, with the shop's other parts: `tx.db` is the transaction. */
export function inTransaction<S extends { db: Db }, T>(shop: S, work: (tx: S) => Promise<T>): Promise<T> {
  return shop.db.transaction().execute((trx) => work({ ...shop, db: trx }));
}

/**
 * 404 when this shop sends no e-mail (no SMTP_URL): the paths that only work by e-mail (reset, resending a confirmation)
 * are not offered (a 4xx: the shop is not failing; the screens hide them).
 */
export function requireMail(shop: Pick<Shop, 'mailOn'>): void {
  if (!shop.mailOn) throw notFound('mailOff');
}
