import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../db/connection';
import { BackupError } from './errors';
import { countRows, lastMigration, otherPostgresSessions } from './repository';

/**
 * The PostgreSQL side of backups (docs/decisions/042): PostgreSQL's own tools, pg_dump in its custom format (compressed,
 * consistent) and pg_restore, found on the PATH. The password never goes on a command line (other users see those
 * in `ps`): it is handed to the tools in PGPASSWORD.
 */

/** The full path of a program on the PATH, or null. */
export async function findTool(name: string, path = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The URL without its password, and the environment that carries it. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool; resolves when it exits 0, else throws with the end of what it wrote on stderr. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (err) => reject(new BackupError(`${tool} could not be started: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else {
        const name = tool.split('/').pop();
        const hint = /version mismatch/.test(stderr)
          ? `\nThe tools must be as new as the server: ${CLIENT_TOOLS}.`
          : '';
        reject(new BackupError(`${name} failed (exit ${code}): ${stderr.trim() || 'no message'}${hint}`));
      }
    });
  });
}

/** PostgreSQL's own errors (no such database, refused password, unreachable server) as a refusal with its reason. */
function unreachable(err: unknown): never {
  if (err instanceof BackupError) throw err;
  throw new BackupError(`PostgreSQL (DATABASE_URL): ${err instanceof Error ? err.message : String(err)}`);
}

const CLIENT_TOOLS =
  'install the PostgreSQL client tools of your server’s major version or later (Debian/Ubuntu: apt-get install ' +
  'postgresql-client; Alpine: apk add postgresql-client)';

/**
 * Dumps the database at `url` to `dest` in pg_dump's custom format. The manifest's counts and schema are read in a
 * REPEATABLE READ transaction whose snapshot pg_dump is given (`--snapshot`): they describe exactly the dump.
 */
export async function dumpPostgres(
  url: string,
  dest: string,
): Promise<{ schema: string | null; counts: Record<string, number> }> {
  const pgDump = await findTool('pg_dump');
  if (!pgDump) {
    throw new BackupError(
      'pg_dump is not on the PATH, so this command cannot take the backup. Either ' +
        `${CLIENT_TOOLS} and run it again, or take a plain dump yourself (restored with pg_restore, without this ` +
        `command's checks):\n  pg_dump --format=custom --file=${dest.replace(/\.[^.]+$/, '')}.dump --dbname="$DATABASE_URL"`,
    );
  }
  const db = createDb({ kind: 'postgres', location: url }, { poolSize: 1 });
  try {
    return await db.connection().execute(async (conn) => {
      await sql`begin isolation level repeatable read read only`.execute(conn);
      try {
        const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(conn);
        const described = { schema: await lastMigration(conn), counts: await countRows(conn) };
        const { dbname, env } = connection(url);
        await runTool(
          pgDump,
          ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${dest}`, `--dbname=${dbname}`],
          env,
        );
        return described;
      } finally {
        await sql`commit`.execute(conn);
      }
    });
  } catch (err) {
    return unreachable(err);
  } finally {
    await db.destroy();
  }
}

/** The other sessions on the database: a running shop is one of them (its change listener never disconnects). */
export async function postgresSessions(url: string): Promise<string[]> {
  const db = createDb({ kind: 'postgres', location: url }, { poolSize: 1 });
  try {
    return await otherPostgresSessions(db);
  } catch (err) {
    return unreachable(err);
  } finally {
    await db.destroy();
  }
}

/**
 * Restores a custom-format dump into the database at `url`, all or nothing: pg_restore writes the dump as SQL, then
 * psql runs, in ONE transaction, the emptying of the `public` schema and that SQL. Any error rolls the whole of it back,
 * leaving the database as it was (a half-restored database is worse than the old one).
 */
export async function restorePostgres(url: string, dump: string, sqlFile: string): Promise<void> {
  const [pgRestore, psql] = await Promise.all([findTool('pg_restore'), findTool('psql')]);
  if (!pgRestore || !psql) {
    throw new BackupError(
      `${!pgRestore ? 'pg_restore' : 'psql'} is not on the PATH, so this command cannot restore: ${CLIENT_TOOLS}, ` +
        'then run it again. Nothing was changed.',
    );
  }
  const { dbname, env } = connection(url);
  await runTool(pgRestore, ['--no-owner', '--no-privileges', `--file=${sqlFile}`, dump], env);
  await runTool(
    psql,
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      `--dbname=${dbname}`,
      '--command=DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
      `--file=${sqlFile}`,
    ],
    env,
  );
}
