import type { TestProject } from 'vitest/node';
import { redact, startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server for this run ('' when there is none). */
    pgUrl: string;
    /** Why there is no PostgreSQL server ('' when there is one). */
    pgError: string;
  }
}

/** Once per run of the integration project: find or start PostgreSQL, stop it at the end. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  if ('error' in server) {
    project.provide('pgUrl', '');
    project.provide('pgError', server.error);
    console.warn(`\n[integration] no PostgreSQL: the PostgreSQL tests will fail.\n${server.error}\n`);
    return;
  }
  project.provide('pgUrl', server.url);
  project.provide('pgError', '');
  if (process.env.VITEST_PG_VERBOSE)
    console.info(`[integration] PostgreSQL from ${server.source}: ${redact(server.url)}`);
  return async () => {
    await server.stop();
  };
}
