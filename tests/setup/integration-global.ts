import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DbTemplates, pgTemplates, sqliteTemplates } from './db-templates';
import { dialects } from './dialects';
import { dropPgDatabases, pgDatabasesNamed, redact, startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server for this run ('' when there is none). */
    pgUrl: string;
    /** Why there is no PostgreSQL server ('' when there is one). */
    pgError: string;
    /** The start of every PostgreSQL database this run makes (`leafcup_test_<run>_`): the teardown drops them. */
    pgPrefix: string;
    /** The databases test apps start from (tests/setup/db-templates.ts), per dialect this run tests. */
    dbTemplates: Partial<Record<'sqlite' | 'postgres', DbTemplates>>;
  }
}

/**
 * Once per run of the integration project: the SQLite templates; then, when the run tests PostgreSQL, find or start
 * the server and make its templates. At the end: drop what is left of this run's databases (the templates, those the
 * test processes had not dropped yet: tests/integration/helper.ts), stop the server, remove the files.
 */
export default async function setup(project: TestProject) {
  const templates: Partial<Record<'sqlite' | 'postgres', DbTemplates>> = {};
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-templates-'));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dir, { recursive: true, force: true })];
  // Every step runs, whichever failed before it; the first failure is thrown at the end.
  const teardown = async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => failures.push(err));
    if (failures.length) throw failures[0];
  };
  const provideAll = (pg: { url: string; error: string; prefix: string }) => {
    project.provide('pgUrl', pg.url);
    project.provide('pgError', pg.error);
    project.provide('pgPrefix', pg.prefix);
    project.provide('dbTemplates', templates);
  };
  try {
    if (dialects.includes('sqlite')) templates.sqlite = await sqliteTemplates(dir);
    if (!dialects.includes('postgres')) {
      provideAll({ url: '', error: 'This run tests SQLite only (TEST_DIALECTS).', prefix: '' });
      return teardown;
    }
    const server = await startPostgres();
    if ('error' in server) {
      provideAll({ url: '', error: server.error, prefix: '' });
      console.warn(`\n[integration] no PostgreSQL: the PostgreSQL tests will fail.\n${server.error}\n`);
      return teardown;
    }
    cleanups.push(() => server.stop());
    if (process.env.VITEST_PG_VERBOSE)
      console.info(`[integration] PostgreSQL from ${server.source}: ${redact(server.url)}`);
    // Runs of other checkouts may share the server: this run drops only its own databases.
    const prefix = `leafcup_test_${randomBytes(4).toString('hex')}_`;
    cleanups.push(async () => {
      // A leftover database is no failed test: said, not thrown.
      await dropPgDatabases(server.url, await pgDatabasesNamed(server.url, prefix)).catch((err) =>
        console.warn(`[integration] ${err instanceof Error ? err.message : String(err)}`),
      );
    });
    templates.postgres = await pgTemplates(server.url, prefix);
    provideAll({ url: server.url, error: '', prefix });
    return teardown;
  } catch (err) {
    await teardown();
    throw err;
  }
}
