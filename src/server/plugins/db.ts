import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connection';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Shares the database with every route; closes it when the server closes. */
export default fp(async function db(app: FastifyInstance, opts: { db: Db; ownsDb: boolean }) {
  app.decorate('db', opts.db);
  if (opts.ownsDb) app.addHook('onClose', async () => opts.db.destroy());
});
