import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import { createDb } from '../db/connection';
import { BackupError, fileProblem } from './errors';
import { countRows, lastMigration } from './repository';

/**
 * The SQLite side of backups (docs/decisions/042): SQLite's online backup API through better-sqlite3, and a restore
 * that swaps the database file only once the restored copy is checked and migrated.
 */

/**
 * Copies the database `file` to `dest` while the shop keeps serving: a connection of its own (never the server's,
 * which may be inside a transaction) and SQLite's online backup, all pages in one step. One step reads one snapshot:
 * exactly the transactions committed when it began (WAL: writers go on meanwhile). In several steps a write between
 * two steps would restart the copy, over and over during a rush.
 */
export async function copySqlite(file: string, dest: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no database at ${file} (DATABASE_URL): nothing to back up.`);
  let source: SQLite.Database;
  try {
    source = new SQLite(file, { fileMustExist: true, timeout: 5000 });
  } catch (err) {
    throw fileProblem(err, file, 'read');
  }
  try {
    // The first step copies nothing (better-sqlite3 starts with 0 pages); the next copies every page left.
    await source.backup(dest, { progress: () => 0x7fffffff });
  } catch (err) {
    await rm(dest, { force: true });
    throw sqliteProblem(err, dest);
  } finally {
    source.close();
  }
}

/** SQLite's own errors while writing the copy, as the file system's would read. */
function sqliteProblem(err: unknown, dest: string): BackupError {
  const code = (err as { code?: string } | undefined)?.code;
  if (code === 'SQLITE_FULL') return fileProblem(Object.assign(new Error('full'), { code: 'ENOSPC' }), dest, 'write');
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
    return fileProblem(Object.assign(new Error('cannot open'), { code: 'EACCES' }), dest, 'write');
  }
  if (err instanceof TypeError && /directory does not exist/.test(err.message)) {
    return fileProblem(Object.assign(new Error('no folder'), { code: 'ENOENT' }), dest, 'write');
  }
  return fileProblem(err, dest, 'write');
}

/** What a copied database holds: its schema and its counts (read from the copy, so they match it). */
export async function describeSqlite(file: string): Promise<{ schema: string | null; counts: Record<string, number> }> {
  const db = createDb({ kind: 'sqlite', location: file });
  try {
    return { schema: await lastMigration(db), counts: await countRows(db) };
  } finally {
    await db.destroy();
  }
}

/**
 * Whether another connection has the database open: a running shop keeps it open for as long as it runs. An exclusive
 * lock is asked without waiting; SQLite refuses it while any other connection (in any process) uses the file.
 */
export function sqliteInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw err;
  } finally {
    probe.close();
  }
}

/** SQLite's own check of a restored copy before it replaces anything. */
export function checkSqliteFile(file: string): void {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    const result = db.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The backup's database fails SQLite's check (${String(result)}).`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`The backup's database cannot be read by SQLite: ${(err as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * Puts the checked, migrated copy `restored` in place of `file`: the current database (if any) is kept beside it as
 * `<file>.before-restore-<time>`, its -wal and -shm files removed (they belong to the replaced file). Answers the
 * kept file's path.
 */
export async function swapSqliteFile(file: string, restored: string, stamp: string): Promise<string | null> {
  let kept: string | null = null;
  if (existsSync(file)) {
    kept = `${file}.before-restore-${stamp}`;
    await rename(file, kept);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(file + suffix)) await rename(file + suffix, kept + suffix);
    }
  }
  await rename(restored, file);
  return kept;
}
