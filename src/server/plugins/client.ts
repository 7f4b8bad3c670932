import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { formatMessage } from '../../common/i18n/messages';
import { requestLang } from './errors';

const API_PATH = /^\/(v1|v2)\//;

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated, and any
 * unknown GET that is not an API path answers index.html (SPA fallback) so the spec's routes are real URLs.
 */
export default fp(async function client(app: FastifyInstance, opts: { dist: string }) {
  const root = resolve(opts.dist);
  const indexFile = join(root, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Source maps stay in the build for error reporting but are never served: they would publish the source.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  } else {
    app.log.warn(`no built client at ${root}: run "npm run build" (npm start does it for you)`);
  }
  // index.html is read once and again only when a rebuild changed it (its assets' names change with it).
  let indexHtml = '';
  let indexMtime = 0;
  const currentIndex = () => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime !== indexMtime) {
      indexHtml = readFileSync(indexFile, 'utf8');
      indexMtime = mtime;
    }
    return indexHtml;
  };

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PATH.test(path) &&
      hasClient &&
      !/\.\w{1,5}$/.test(path)
    ) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(currentIndex());
    }
    const lang = requestLang(req);
    return reply.code(404).send({
      success: false,
      code: 404,
      message: formatMessage(lang, API_PATH.test(path) ? 'routeNotFound' : 'notFound'),
      data: null,
    });
  });
});
