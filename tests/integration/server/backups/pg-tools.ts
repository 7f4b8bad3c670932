import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { type Dialect, pgAdminUrl } from '../../helper';

/**
 * Why PostgreSQL backups cannot be tested on this run, or null: pg_dump must be on the PATH and at least as new as the
 * server (the embedded server of tests/setup/pg-embedded.ts ships no pg_dump, and may be newer than the installed
 * client tools). Run with TEST_DATABASE_URL naming a server of the client tools' version to test them.
 */
export async function pgToolsProblem(dialect: Dialect): Promise<string | null> {
  if (dialect !== 'postgres') return null;
  let clientMajor: number;
  try {
    const version = execFileSync('pg_dump', ['--version'], { encoding: 'utf8' });
    clientMajor = Number(/(\d+)\.\d+/.exec(version)?.[1]);
  } catch {
    return 'pg_dump is not on the PATH';
  }
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('select current_setting($1) as v', ['server_version_num']);
    const serverMajor = Math.floor(Number(rows[0]!.v) / 10000);
    return serverMajor > clientMajor ? `pg_dump ${clientMajor} is older than the server (${serverMajor})` : null;
  } finally {
    await client.end();
  }
}

/** Registers a skipped test saying why when PostgreSQL's tools cannot be tested; answers whether it did. */
export async function skippedWithoutPgTools(dialect: Dialect): Promise<boolean> {
  const problem = await pgToolsProblem(dialect);
  if (problem) it.skip(`needs PostgreSQL's client tools: ${problem}`, () => {});
  return problem !== null;
}
