import type { FastifyInstance } from 'fastify';
import { isJpegRenditionKey, jpegRendition } from './images';
import { sendFile } from './serve';
import { isFileKey } from './store';

/**
 * Public images (`/media/images/<hash>-<width>.webp`, files/images.ts, and their JPEG renditions `….jpg` for Telegram):
 * named by their content, so they never change and are cached for a year as immutable; an `If-None-Match` naming the
 * ETag is answered 304 without the body. Streamed from the file store (the database by default). Not a contract path
 * (a GET of a file).
 */
export default async function fileRoutes(app: FastifyInstance) {
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    const file = isJpegRenditionKey(key)
      ? await jpegRendition(app.files, key)
      : /^images\/[0-9a-f]{32}-(?:320|640|1280)\.webp$/.test(key) && isFileKey(key)
        ? await app.files.get(key)
        : null;
    if (!file)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ success: false, code: 404, message: 'Not found', data: null });
    return sendFile(reply, file, 'public, max-age=31536000, immutable', req.headers['if-none-match']);
  });
}
