import type { FastifyInstance, FastifyReply } from 'fastify';
import { shopOrigin } from './address';
import { pagesSitemap, productSitemap, robotsTxt, sitemap } from './sitemap';

/** Crawlers may keep robots.txt and the sitemaps for an hour (a CDN too), and use a stale one for a day meanwhile. */
const CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

const sendXml = (reply: FastifyReply, body: string) =>
  reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);

/** robots.txt and the sitemaps (docs/decisions/047). */
export default async function webPresenceRoutes(app: FastifyInstance) {
  app.get('/robots.txt', async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(robotsTxt(shopOrigin(app, req))),
  );
  app.get('/sitemap.xml', async (req, reply) => sendXml(reply, await sitemap(app.db, shopOrigin(app, req))));
  app.get('/sitemap-pages.xml', async (req, reply) => sendXml(reply, await pagesSitemap(app.db, shopOrigin(app, req))));
  app.get<{ Querystring: { after?: string } }>('/sitemap-products.xml', async (req, reply) => {
    const after = Number(req.query.after ?? 0);
    if (!Number.isSafeInteger(after) || after < 0) {
      return reply.code(400).type('text/plain; charset=utf-8').send('after must be a product id (0 or more)');
    }
    return sendXml(reply, await productSitemap(app.db, shopOrigin(app, req), after));
  });
}
