import type { FastifyError, FastifyInstance } from 'fastify';
import type { AnyMessageKey } from '../../common/i18n/admin-messages';
import { payloadTooLarge } from './errors';

/** "5 MB" for 5 * 1024 * 1024; "300 KB" below a megabyte. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * For a routes plugin whose paths take a file upload: an upload over MAX_UPLOAD_BYTES fails while the multipart body
 * is read, before the handler, so it is answered here: 413 at `field` with `messageKey` (its `{{size}}`: the limit).
 * Everything else goes on to the app's error handler.
 */
export function answerOversizedUploads(app: FastifyInstance, field: string, messageKey: AnyMessageKey): void {
  app.setErrorHandler(async (error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(messageKey, { size: formatBytes(app.config.MAX_UPLOAD_BYTES) }, field);
    throw error;
  });
}
