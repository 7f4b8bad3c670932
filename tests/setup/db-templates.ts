import { constants, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDb, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/index';
import { adminQuery, createPgDatabase, withDatabase } from './postgres';

/**
 * The two databases every integration test app starts from, made once per run by the global setup
 * (docs/decisions/039): `migrated` (the schema, what `seed: false` asks for) and `seeded` (the demo shop on it).
 * A test app's database is a copy (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL): the same
 * rows as migrating and seeding it anew, without the second or more each took.
 */
export interface DbTemplates {
  /** SQLite: the files' paths; PostgreSQL: the databases' names. */
  migrated: string;
  seeded: string;
}

async function filled(db: Db, step: (db: Db) => Promise<unknown>): Promise<void> {
  try {
    await step(db);
  } finally {
    await db.destroy();
  }
}

/** The templates as SQLite files in `dir` (each closed, so its WAL is folded into the file). */
export async function sqliteTemplates(dir: string): Promise<DbTemplates> {
  const migrated = join(dir, 'migrated.sqlite');
  const seeded = join(dir, 'seeded.sqlite');
  await filled(createDb({ kind: 'sqlite', location: migrated }), migrateToLatest);
  copyFileSync(migrated, seeded, constants.COPYFILE_FICLONE);
  await filled(createDb({ kind: 'sqlite', location: seeded }), (db) => seedDemo(db));
  return { migrated, seeded };
}

/**
 * The templates as databases `<prefix>migrated` and `<prefix>seeded` on the server of `adminUrl`, marked as
 * templates that take no connection (so no one, autovacuum included, is connected when a test copies one).
 */
export async function pgTemplates(adminUrl: string, prefix: string): Promise<DbTemplates> {
  const migrated = await createPgDatabase(adminUrl, { prefix, name: 'migrated' });
  await filled(createDb({ kind: 'postgres', location: migrated.url }, { poolSize: 2 }), migrateToLatest);
  const seeded = await createPgDatabase(adminUrl, { prefix, name: 'seeded', template: migrated.name });
  await filled(createDb({ kind: 'postgres', location: withDatabase(adminUrl, seeded.name) }, { poolSize: 2 }), (db) =>
    seedDemo(db),
  );
  for (const name of [migrated.name, seeded.name])
    await adminQuery(adminUrl, `alter database ${name} with is_template true allow_connections false`);
  return { migrated: migrated.name, seeded: seeded.name };
}
