import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionUser } from '../accounts/service';

const bearer = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
};

/** `app.authenticate`: the bearer header wins over the body's `token` field. */
export default fp(async function auth(app: FastifyInstance) {
  app.decorate('authenticate', async (req: FastifyRequest, bodyToken?: string) => {
    const token = bearer(req) ?? bodyToken;
    if (!token || token === 'null' || token === 'undefined') return null;
    const auth = (await sessionUser(app.db, token)) ?? null;
    // The request's log line names the account (plugins/request-log.ts).
    if (auth) req.userId = auth.user.id;
    return auth;
  });
});
