import type { Db } from '../db/connection';
import { notFound } from '../lib/errors';

// Whether this database's app sends e-mail (SMTP_URL set), kept per database handle like the product list's cache
// (tests run several apps, each on its own database, in one process). Set once when the app is built.

// Keyed by the handle's dialect adapter, not the handle: a transaction (`db.transaction().execute(trx => …)`) is a new
// Kysely object sharing its database's adapter, and enqueueMail is called with the transaction of the change.
const on = new WeakMap<object, boolean>();
const keyOf = (db: Db): object => db.getExecutor().adapter;

export function setMailOn(db: Db, value: boolean): void {
  on.set(keyOf(db), value);
}

/** True when the app built on this database has SMTP_URL: only then are messages queued. */
export const isMailOn = (db: Db): boolean => on.get(keyOf(db)) === true;

/**
 * 404 when this shop sends no e-mail (no SMTP_URL): the paths that only work by e-mail (reset, resending a confirmation)
 * are not offered (a 4xx: the shop is not failing; the screens hide them).
 */
export function requireMail(db: Db): void {
  if (!isMailOn(db)) throw notFound('mailOff');
}
