import type { FastifyRequest } from 'fastify';

/** Query values that are secrets: a signed receipt link's signature, a token some client put in a URL. */
const SECRET_QUERY = /([?&](?:sig|token)=)[^&#]*/gi;

/** Paths whose last part is a single-use secret: the links of the password reset and e-mail confirmation e-mails. */
const SECRET_PATH = /^(\/(?:reset-password|confirm-email)\/)[^/?#]+/i;

/** The URL as request logs may show it: secret query values and link tokens replaced by `[redacted]`. */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');

/**
 * What a request log line says of the request (Fastify's default fields), with the URL redacted: a signed receipt link
 * in a log would let anyone who reads the logs open the receipt for its hour, a reset link take over the account.
 */
export function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
