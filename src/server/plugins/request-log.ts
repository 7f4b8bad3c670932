import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeOf, traceIdOf } from '../lib/log';

declare module 'fastify' {
  interface FastifyRequest {
    /** The account the request was made with, once its session was read (plugins/auth.ts); null until then. */
    userId: number | null;
  }
}

/**
 * One JSON line per request (docs/decisions/044), written when its answer has gone: the request id (`reqId`), the trace
 * id when there is one (`trace_id`, lib/log.ts), the account (`user_id`) when the request carried a session, the
 * route pattern, the method and the redacted URL (`req`), the status (`res.statusCode`) and the time in ms
 * (`responseTime`). Nothing of the body or the headers: no e-mail, phone, password, token or address. A route's
 * `logLevel` silences it (health checks, /metrics). The "incoming request" line is at debug level (LOG_LEVEL=debug):
 * with it, a request that never finished can still be seen.
 */
export default fp(async function requestLog(app: FastifyInstance) {
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (req) => {
    req.log.debug({ req }, 'incoming request');
  });
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        req,
        route: routeOf(req),
        user_id: req.userId ?? undefined,
        trace_id: traceIdOf(req),
        res: reply,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });
});
