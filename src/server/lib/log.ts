import type { FastifyRequest } from 'fastify';

/** Query values that are secrets: a signed receipt link's signature, a token some client put in a URL. */
const SECRET_QUERY = /([?&](?:sig|token)=)[^&#]*/gi;

/** The URL as request logs may show it: secret query values replaced by `[redacted]`. */
const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/**
 * What a request log line says of the request (Fastify's default fields), with the URL redacted: a signed receipt link
 * in a log would let anyone who reads the logs open the receipt for its hour.
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
