import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb, parseDatabaseUrl } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed/index';
import { tracing } from './telemetry/hooks';

/**
 * Starts the shop: config, database (migrated, seeded when empty), server; SIGTERM drains, then closes. Run through
 * main.ts, which starts tracing first when it is on.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const target = parseDatabaseUrl(config.DATABASE_URL);
  const db = createDb(target);
  const app = await buildApp({ config, db, ownsDb: true });
  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (config.SEED === 'auto' && (await seedIfEmpty(db))) app.log.info('seeded the demo shop');

  // SIGTERM/SIGINT (docs/decisions/025): readiness fails and background jobs stop at once; the instance keeps
  // serving for SHUTDOWN_DRAIN_MS (answers say Connection: close) so the balancer stops sending; then it stops
  // listening, lets in-flight requests finish and exits 0. Past SHUTDOWN_TIMEOUT_MS more, or on a second signal,
  // it exits 1 at once.
  const drainMs = config.SHUTDOWN_DRAIN_MS;
  closeWithGrace({ delay: drainMs + config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'closing after an error');
    } else {
      app.log.info({ signal, drain_ms: drainMs }, 'draining: /readyz answers 503, still serving');
      await Promise.all([app.lifecycle.drain(), sleep(drainMs)]);
    }
    app.log.info('closing: finishing in-flight requests');
    await app.close();
    // The spans still waiting in the batch go out before close-with-grace exits the process.
    await tracing()?.shutdown();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Leaf & Cup on http://localhost:${(app.server.address() as { port: number }).port} (${target.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
