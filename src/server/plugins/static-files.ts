import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The shop's icons in public/ (the PNGs made by scripts/raster-logo.mjs, docs/decisions/055). */
const ICONS = ['favicon.svg', 'logo-512.png', 'apple-touch-icon.png', 'og-default.png'];

/** Serves the build's files: hashed assets cached for a year, the rest revalidated; source maps never. */
export async function serveStatic(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes `.br` and `.gz` beside each text file (vite.config.ts): sent as they are, as the client
    // accepts them, with `Vary: Accept-Encoding`; the compress plugin leaves an encoded answer alone.
    preCompressed: true,
    // Source maps stay in the build for error reporting but are never served: they would publish the source.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders(reply, path) {
      if (path.startsWith(`${join(root, 'assets')}/`)) {
        // A hashed name never changes its bytes: no validator is ever asked for and no range is worth resuming, so
        // ETag, Last-Modified and Accept-Ranges would only add ~100 B to each of a first visit's scripts
        // (docs/decisions/054).
        reply.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return;
      }
      reply.header(
        'cache-control',
        // The seed's images and the icons are not hashed but seldom change: a repeat visit within a day asks
        // nothing, within a week it is answered from cache and revalidated behind (docs/decisions/021).
        path.startsWith(`${join(root, 'images')}/`) || ICONS.some((icon) => path === join(root, icon))
          ? 'public, max-age=86400, stale-while-revalidate=604800'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });
}
