import type { Db } from '../db/connection';

// Whether this database's app sends e-mail (SMTP_URL set), kept per database handle like the product list's cache
// (tests run several apps, each on its own database, in one process). Set once when the app is built.

const on = new WeakMap<Db, boolean>();

export function setMailOn(db: Db, value: boolean): void {
  on.set(db, value);
}

/** True when the app built on this database has SMTP_URL: only then are messages queued. */
export const isMailOn = (db: Db): boolean => on.get(db) === true;
