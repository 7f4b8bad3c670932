import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb } from '../../src/server/db/connection';

/**
 * The bench's server process: the real app (buildApp) on the prepared database, plus GET /bench/bare — a
 * route that touches nothing — added here only, so the bench can show the framework's own ceiling.
 * Usage: tsx tests/bench/catalog-server.ts <sqlite file> <port> [<CATALOG_CACHE_MS>]
 */
const [file, port, cacheMs = '1000'] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: catalog-server.ts <sqlite file> <port> [<CATALOG_CACHE_MS>]');
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: `file:${file}`,
  CLIENT_DIST: 'dist/client',
  SEED: 'off',
  CATALOG_CACHE_MS: cacheMs,
});
const db = createDb({ kind: 'sqlite', location: file });
const app = await buildApp({ config, db, ownsDb: true });
app.get('/bench/bare', { schema: { hide: true } }, async () => ({
  success: true,
  code: 200,
  message: 'OK',
  data: null,
}));
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('ready\n');
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
