import { z } from 'zod';
import type { EndpointDef } from '../../src/common/contract/endpoint';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb } from '../../src/server/db/connection';
import { route } from '../../src/server/lib/endpoint';

/**
 * The bench's server process: the real app (buildApp) on the prepared database, plus two routes added here only
 * (never in production), so the bench can show the framework's own ceiling:
 * - GET /bench/bare: touches nothing;
 * - POST /bench/bare: a contract path through `route()` like every other (the form body parsed, the common fields —
 *   lang, token, is_frontend… — checked by the shared schema, the envelope answered) whose handler answers a constant:
 *   what any POST of the contract pays before its own work, the yardstick of the product list (aim: >= 0.5 of it).
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
const barePost: EndpointDef<'/bench/bare', z.ZodObject, z.ZodNull, 'public'> = {
  path: '/bench/bare',
  access: 'public',
  summary: 'The bench: the common fields parsed, a constant answered',
  request: z.object({}),
  response: z.null(),
};
route(app, barePost, async () => null, { skipAnswerCheck: true });
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('ready\n');
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
