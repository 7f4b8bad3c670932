import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../../src/server/config';
import { createDb, type Db, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { type Dialect, freshDatabase, type TestDatabase } from '../../helper';

/** A temp folder for backup files. */
export const backupDir = () => mkdtempSync(join(tmpdir(), 'leafcup-backups-'));

/**
 * An empty database to restore into, with no connection left open (a restore refuses a database in use). `open()`
 * connects to it afterwards; `close()` removes it.
 */
export async function emptyTarget(dialect: Dialect) {
  const database: TestDatabase = await freshDatabase(dialect);
  await database.db.destroy();
  const opened: Db[] = [];
  return {
    url: database.url,
    target: parseDatabaseUrl(database.url),
    open: () => {
      const db = createDb(parseDatabaseUrl(database.url), { poolSize: 2 });
      opened.push(db);
      return db;
    },
    /** Closes what `open` opened (before a restore, which refuses a database in use). */
    disconnect: async () => {
      for (const db of opened.splice(0)) await db.destroy();
    },
    close: async () => {
      for (const db of opened.splice(0)) await db.destroy();
      await database.close().catch(() => undefined);
    },
  };
}

/** The test config for an app on `url` (as buildTestApp makes it). */
export const configFor = (url: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, CLIENT_DIST: '/nonexistent', ...env });
