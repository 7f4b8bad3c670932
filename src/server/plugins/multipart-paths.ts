import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unsupportedMediaType } from '../lib/errors';

/**
 * Multipart bodies only where the contract takes an upload (`multipart: true`: placing an order with its
 * receipt, submitting a renewal's payment). Anywhere else a `multipart/*` request is refused with 415 in
 * `onRequest`, before a byte of its body is read: the multipart parser would otherwise buffer every field
 * and up to MAX_UPLOAD_BYTES of file for a path that never looks at them.
 *
 * The route's config says whether it takes uploads (`route()` in lib/endpoint.ts copies the contract's flag);
 * routes that are not contract paths (webhook, receipt links, static files, unknown paths) never do. Exported for
 * lib/endpoint.ts's staff check, which refuses multipart on staff paths after the session and role.
 */
export const isMultipartRequest = (contentType: string | undefined): boolean =>
  typeof contentType === 'string' && /^\s*multipart\//i.test(contentType);

export default fp(async function multipartPaths(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (!isMultipartRequest(req.headers['content-type'])) return;
    if (req.routeOptions.config?.multipart === true) return;
    // Staff paths check the session and role first (lib/endpoint.ts), then refuse multipart themselves.
    if (req.routeOptions.config?.access === 'staff') return;
    throw unsupportedMediaType('multipartNotAccepted');
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path takes multipart/form-data (a file upload); every other path refuses it (plugins/multipart-paths.ts). */
    multipart?: boolean;
  }
}
