import { existsSync, mkdtempSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createDb, type DatabaseTarget } from '../db/connection';
import { MIGRATION_NAMES, migrateToLatest } from '../db/migrate';
import { besideTemp, extractPayload, type Manifest, type ManifestDraft, verifyArchive, writeArchive } from './archive';
import { BackupError, fileProblem } from './errors';
import { dumpPostgres, postgresSessions, restorePostgres } from './postgres';
import { currentRelease } from './release';
import { countRows, freeJobLeases, lastMigration } from './repository';
import { checkSqliteFile, copySqlite, describeSqlite, sqliteInUse, swapSqliteFile } from './sqlite';

/**
 * Backups and restores (docs/decisions/042): a consistent copy of the shop's database while it serves, in one checked
 * file (./archive.ts), and its restore into the database DATABASE_URL names, refused while a shop uses it.
 */

/**
 * Takes a backup of `database` into the new file `file`. The copy is written beside it and renamed at the end: on
 * failure nothing is left. Refuses to overwrite a file (a good backup is never replaced by mistake).
 */
export async function backupTo(database: DatabaseTarget, file: string, now: Date = new Date()): Promise<Manifest> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: give a new file name.`);
  const folder = dirname(target);
  const isFolder = await stat(folder).then(
    (s) => s.isDirectory(),
    (err: unknown) => {
      throw fileProblem(err, target, 'write');
    },
  );
  if (!isFolder) throw new BackupError(`Cannot write ${target}: ${folder} is a file, not a folder.`);
  if (database.location === ':memory:') throw new BackupError('An in-memory database cannot be backed up.');
  const copy = besideTemp(target, 'copy');
  try {
    const described =
      database.kind === 'sqlite'
        ? await copySqlite(database.location, copy).then(() => describeSqlite(copy))
        : await dumpPostgres(database.location, copy);
    if (!described.schema) throw new BackupError('The database was never migrated: there is no shop to back up.');
    const draft: ManifestDraft = {
      created_at: now.toISOString(),
      database: database.kind,
      schema: described.schema,
      release: currentRelease(),
      counts: described.counts,
    };
    return await writeArchive(target, draft, copy, database.kind === 'sqlite' ? 'sqlite-gzip' : 'pg_dump-custom');
  } finally {
    await rm(copy, { force: true });
  }
}

/** How a backup's schema compares with this release's migrations: the same, or older (migrated forward on restore). */
export function schemaStep(manifest: Manifest): 'current' | 'older' {
  const latest = MIGRATION_NAMES.at(-1)!;
  if (manifest.schema === latest) return 'current';
  if (MIGRATION_NAMES.includes(manifest.schema)) return 'older';
  const by = `release ${manifest.release.version}${manifest.release.commit ? ` (${manifest.release.commit})` : ''}`;
  if (manifest.schema > latest) {
    throw new BackupError(
      `This backup was taken by a newer release (${by}, schema ${manifest.schema}); this release knows schemas up to ` +
        `${latest}. Restore it with that release or a later one. Nothing was changed.`,
    );
  }
  throw new BackupError(
    `This backup's schema ${manifest.schema} (${by}) is not one this release knows: it comes from another line of ` +
      'releases. Restore it with the release that took it. Nothing was changed.',
  );
}

export interface RestoreReport {
  manifest: Manifest;
  /** Migrations applied after the restore (a backup of an older release). */
  migrated: string[];
  counts: Record<string, number>;
  /** SQLite: where the replaced database was kept. */
  kept: string | null;
}

/** Refuses while a shop (or anything else) uses the database: a restore under a running shop would lose its writes. */
async function refuseIfInUse(database: DatabaseTarget): Promise<void> {
  if (database.kind === 'sqlite') {
    if (sqliteInUse(database.location)) {
      throw new BackupError(
        `${database.location} is in use (a shop or another program has it open). Stop the shop, then restore. ` +
          'Nothing was changed.',
      );
    }
    return;
  }
  const sessions = await postgresSessions(database.location);
  if (sessions.length > 0) {
    throw new BackupError(
      `The database is in use: ${sessions.length} other session(s) connected (${[...new Set(sessions)].join(', ')}). ` +
        'Stop every shop instance (and close other connections), then restore. Nothing was changed.',
    );
  }
}

/**
 * Restores the backup `file` into `database`: the whole file is checked first (checksum, schema version, database
 * kind), then it is refused while the database is in use; a backup of an older release is migrated forward. Nothing
 * changes unless every step before the final swap (SQLite) or the one restoring transaction (PostgreSQL) succeeded.
 */
export async function restoreFrom(
  database: DatabaseTarget,
  file: string,
  now: Date = new Date(),
): Promise<RestoreReport> {
  const opened = await verifyArchive(resolve(file));
  const { manifest } = opened;
  if (manifest.database !== database.kind) {
    throw new BackupError(
      `This is a ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup; DATABASE_URL names a ` +
        `${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database. Nothing was changed.`,
    );
  }
  if (database.location === ':memory:') throw new BackupError('Cannot restore into an in-memory database.');
  schemaStep(manifest);
  await refuseIfInUse(database);
  return database.kind === 'sqlite'
    ? restoreSqlite(database.location, opened, now)
    : restoreIntoPostgres(database.location, opened);
}

type Opened = Awaited<ReturnType<typeof verifyArchive>>;

async function restoreSqlite(file: string, opened: Opened, now: Date): Promise<RestoreReport> {
  const restored = besideTemp(file, 'restoring');
  try {
    await extractPayload(opened, restored);
    checkSqliteFile(restored);
    const done = await settleRestored(restored, opened.manifest);
    // Checked again at the last moment: a shop started while the copy was prepared keeps its database.
    await refuseIfInUse({ kind: 'sqlite', location: file });
    const kept = await swapSqliteFile(file, restored, now.toISOString().replace(/[:.]/g, '-'));
    return { manifest: opened.manifest, ...done, kept };
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(restored + suffix, { force: true });
  }
}

/** Migrates a restored database forward, frees its job leases and counts it. */
async function settleRestored(
  location: string,
  manifest: Manifest,
  kind: DatabaseTarget['kind'] = 'sqlite',
): Promise<{ migrated: string[]; counts: Record<string, number> }> {
  const db = createDb({ kind, location }, { poolSize: 1 });
  try {
    const schema = await lastMigration(db);
    if (schema !== manifest.schema) {
      throw new BackupError(`The restored database's schema (${schema}) is not the manifest's (${manifest.schema}).`);
    }
    const migrated = await migrateToLatest(db);
    await freeJobLeases(db);
    return { migrated, counts: await countRows(db) };
  } finally {
    await db.destroy();
  }
}

async function restoreIntoPostgres(url: string, opened: Opened): Promise<RestoreReport> {
  const work = mkdtempSync(join(tmpdir(), 'leafcup-restore-'));
  try {
    const dump = join(work, 'payload.dump');
    await extractPayload(opened, dump);
    await restorePostgres(url, dump, join(work, 'restore.sql'));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const done = await settleRestored(url, opened.manifest, 'postgres');
  return { manifest: opened.manifest, ...done, kept: null };
}
