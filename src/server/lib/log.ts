import type { FastifyRequest } from 'fastify';
import { tracing } from '../telemetry/hooks';
import { EMAIL_IN_TEXT } from './personal-data';

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

/**
 * What a request is known as in logs and metrics: its route pattern (`/v2/get-product-details`, `/details/:id`), never
 * the URL itself, so no id, e-mail or token becomes a label. `static` for the build's files (one route each, named by
 * content hash), `unmatched` for everything the not-found handler answers (the client's pages, unknown paths).
 */
export function routeOf(req: FastifyRequest): string {
  const url = req.is404 ? undefined : req.routeOptions.url;
  if (!url) return 'unmatched';
  // @fastify/static's routes carry the file they serve in their config.
  if ((req.routeOptions.config as { file?: unknown } | undefined)?.file !== undefined) return 'static';
  return url.length <= 100 ? url : 'other';
}

/** A W3C `traceparent` header: version, trace id, parent span id, flags. */
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

/**
 * The trace a request belongs to, for its log line's `trace_id` (docs/decisions/044). With tracing on
 * (docs/decisions/046) the active span's trace id, which continues a caller's `traceparent` when it sent one. Off, the
 * trace id of a valid W3C `traceparent` header a proxy or caller sent (so our line can be found from theirs), else
 * undefined: the field is absent, and the request id (`reqId`) is the only id of the request.
 */
export function traceIdOf(req: FastifyRequest): string | undefined {
  const traced = tracing()?.traceId();
  if (traced) return traced;
  const header = req.headers.traceparent;
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim().toLowerCase()) : null;
  const traceId = match?.[1];
  return traceId && !/^0+$/.test(traceId) ? traceId : undefined;
}

/**
 * Keys whose values never reach a log line, wherever a caller puts them (pino's `redact`, one level deep): account
 * data, secrets, and a database error's `detail`, which quotes the row's values ("Key (email)=(…) already exists").
 */
export const REDACTED_KEYS = ['password', 'email', 'phone', 'token', 'authorization', 'address', 'to_address'].flatMap(
  (key) => [key, `*.${key}`],
);
export const REDACTED_PATHS = [...REDACTED_KEYS, 'err.detail', '*.headers.authorization', 'headers.authorization'];

/**
 * The last guard before a log line is written (pino's `streamWrite` hook): e-mail addresses in free text — an error's
 * message, a provider's answer — become `[email]`. Lines without an `@` (nearly all) are passed on untouched.
 */
export const scrubLine = (line: string): string => (line.includes('@') ? line.replace(EMAIL_IN_TEXT, '[email]') : line);
