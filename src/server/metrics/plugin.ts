import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage } from '../../common/i18n/messages';
import { timeQueries } from '../db/connection';
import { routeOf } from '../lib/log';
import { requestLang } from '../plugins/errors';
import type { ShopMetrics } from './registry';
import { watchShop } from './scrape';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the METRICS_PORT listener listens once the app is ready (null without METRICS_PORT). */
    metricsAddress(): AddressInfo | null;
  }
}

/** Compared as digests: equal lengths always, so the comparison's time says nothing of the token. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header is `Bearer <the token>`, compared in constant time. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const [scheme, value] = header?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'bearer' || !value) return false;
  return timingSafeEqual(digest(value), expected);
}

/**
 * The shop's metrics over HTTP (docs/decisions/044):
 * - every answer is timed by its route pattern (lib/log.ts `routeOf`) and status; every query by the database hook;
 * - `GET /metrics` answers the app's registry in Prometheus' text format, only to `Authorization: Bearer
 *   <METRICS_TOKEN>` (401 otherwise); without METRICS_TOKEN it answers 404. Never cached, not in /openapi.json, not
 *   logged when it succeeds (a scrape every few seconds);
 * - with METRICS_PORT, a second listener on 127.0.0.1 only answers `GET /metrics` without a token, from the app's
 *   ready until it closes.
 * On several instances each serves its own figures; Prometheus scrapes each (the README's "Metrics").
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const { shop, config } = app;
    const { metrics: shopMetrics } = shop;
    watchShop(shop);
    const untime = timeQueries(shop.db, shopMetrics.queryTime);
    app.addHook('onClose', async () => untime());

    app.addHook('onResponse', async (req, reply) => {
      shopMetrics.httpResponse(req.method, routeOf(req), reply.statusCode, reply.elapsedTime / 1000);
    });

    const expected = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : null;
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!expected) return refuse(reply, 404, 'notFound');
      if (!bearerMatches(req.headers.authorization, expected)) {
        return refuse(reply.header('www-authenticate', 'Bearer realm="metrics"'), 401, 'unauthorized');
      }
      return reply.type(shopMetrics.registry.contentType).send(await shopMetrics.scrape());
    });

    const port = config.METRICS_PORT;
    const server = port === undefined ? null : metricsServer(shopMetrics, app);
    app.decorate('metricsAddress', () => (server?.listening ? (server.address() as AddressInfo) : null));
    if (server && port !== undefined) {
      app.addHook('onReady', async () => {
        await listen(server, port);
        // Once listening, a failure of the listener is logged; it never takes the shop down.
        server.on('error', (err) => app.log.error({ err }, 'metrics: the METRICS_PORT listener failed'));
      });
      app.addHook('onClose', async () => {
        if (!server.listening) return;
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'metrics' },
);

function refuse(reply: FastifyReply, status: 401 | 404, key: 'notFound' | 'unauthorized') {
  const message = formatMessage(requestLang(reply.request), key);
  return reply.code(status).send({ success: false, code: status, message, data: null });
}

/** The METRICS_PORT listener: `GET /metrics` only, no token (it is reachable from this machine alone). */
function metricsServer(shopMetrics: ShopMetrics, app: FastifyInstance): Server {
  const { registry } = shopMetrics;
  return createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end('not found\n');
      return;
    }
    shopMetrics.scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        app.log.error({ err }, 'metrics: the registry could not be read');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
}

/** Listens on 127.0.0.1:`port`; a port in use stops the start with a message naming METRICS_PORT. */
function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(new Error(`METRICS_PORT ${port}: cannot listen on 127.0.0.1 (${err.code ?? err.message})`));
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
}
