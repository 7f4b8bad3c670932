import type { Db } from '../db/connection';
import { dbStore } from './db-store';
import type { FileStore } from './store';

// The file store of the app built on a database (FILES_URL), for code that has only the database handle: placing an
// order, a renewal's payment, receipt retention, the bot's staff alerts, the operator command line. Kept per database
// like the mail switch (mail/switch.ts): keyed by the dialect adapter, which a transaction shares with its database.
// Without an app (the command line, the bench, a test calling a service), the database store on that handle.

const stores = new WeakMap<object, FileStore>();
const keyOf = (db: Db): object => db.getExecutor().adapter;

/** Makes `store` the file store of everything that runs on `db` (app.ts, from FILES_URL). */
export function useFileStore(db: Db, store: FileStore): void {
  stores.set(keyOf(db), store);
}

/**
 * The file store for `db`: the one the app set, else the database store. Pass the database, not a transaction: the
 * store must never be used inside one (files/store.ts).
 */
export function filesOf(db: Db): FileStore {
  const key = keyOf(db);
  let store = stores.get(key);
  if (!store) {
    store = dbStore(db);
    stores.set(key, store);
  }
  return store;
}
