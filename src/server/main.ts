import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb, parseDatabaseUrl } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed/index';

/** Starts the shop: config, database (migrated, seeded when empty), server; SIGTERM drains and closes. */
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

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing: finishing in-flight requests');
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Leaf & Cup on http://localhost:${(app.server.address() as { port: number }).port} (${target.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
