import { z } from 'zod';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, CLIENT_ERROR_PATH } from '../client-error-rules';
import { defineEndpoint } from './endpoint';
import { optionalText, text } from './fields';

/**
 * Errors from shoppers' phones (docs/decisions/045-errors-from-phones.md): the client reports an uncaught error, an
 * unhandled rejection, a script that failed to load or a screen that failed to render, once each and at most a few per
 * page (src/client/lib/error-reports). Public: no log-in, nothing about the shopper. The server takes at most
 * CLIENT_ERROR_BODY_BYTES (413 over it; client-error-rules.ts), limits reports per address (429), and stores them scrubbed
 * (src/server/client-errors/scrub.ts).
 */

export const reportClientError = defineEndpoint({
  path: CLIENT_ERROR_PATH,
  access: 'public',
  summary: "An error on a shopper's device (uncaught, unhandled rejection, failed script load, failed render)",
  request: z.object({
    kind: z.enum(CLIENT_ERROR_KINDS, { error: `must be one of ${CLIENT_ERROR_KINDS.join(', ')}` }),
    message: text(CLIENT_ERROR_LIMITS.message),
    stack: optionalText(CLIENT_ERROR_LIMITS.stack),
    /** The page's path (no query, no fragment). */
    route: optionalText(300),
    /** The client build's id: its entry script's name (`index-<hash>`). */
    build: optionalText(64),
    /** Inside Telegram: the launch's platform (`ios`, `android`, `tdesktop`…) and Bot API version. */
    platform: optionalText(32),
    tg_version: optionalText(16),
  }),
  response: z.object({}),
});
