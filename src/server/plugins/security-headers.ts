import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { TELEGRAM_WEB_ORIGINS } from '../../common/telegram-origins';
import { BOOT_SCRIPTS_CSP } from './boot-scripts';

/** The Content-Security-Policy directives of the shop's documents (its pages). */
function cspDirectives(opts: { https: boolean; connectSrc: readonly string[] }) {
  return {
    defaultSrc: ["'self'"],
    // The build has no inline script: Vite's entry and chunks are files of this origin. The only inline scripts are a
    // rendered page's theme boot and start, each admitted by its hash alone (boot-scripts.ts).
    scriptSrc: ["'self'", ...BOOT_SCRIPTS_CSP],
    // React style attributes and the toasts' injected <style> need inline styles; scripts never do.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Receipt previews are blob: URLs; small icons may be data: URLs.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...opts.connectSrc],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'", ...TELEGRAM_WEB_ORIGINS],
    ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** What every answer carries, documents and assets alike: no type sniffing, no loading by other sites (Spectre). */
const EVERY_ANSWER = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

/**
 * The answers a browser may show as a page, where the policy of a document applies (scripts, framing, referrer): HTML,
 * XHTML, SVG and XML. Scripts, stylesheets, JSON, raster images and fonts are not documents.
 */
const DOCUMENT_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

/**
 * Security headers by helmet: on every answer `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy`;
 * on documents alone (HTML, SVG, XML: what a browser may show as a page) the rest, a Content-Security-Policy whose
 * frame-ancestors let Telegram's web clients (and the shop itself) frame the shop and nobody else, a Referrer-Policy
 * that never sends a path (a signed receipt link) to another site, COOP, Origin-Agent-Cluster, and HSTS when the shop
 * is served over HTTPS (`PUBLIC_URL` https). A script, stylesheet or JSON answer has no use for them: they weighed about
 * 750 B on each of a first visit's scripts, more than many of those scripts (docs/decisions/054). X-Frame-Options is
 * left out: it cannot allow Telegram's origins, frame-ancestors does.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const https = app.config.PUBLIC_URL?.startsWith('https://') ?? false;
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: cspDirectives({ https, connectSrc: app.config.CSP_CONNECT_SRC }),
      },
      xFrameOptions: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      // Links the shop opens (t.me, tracking pages) keep working as pop-ups.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
    });
    const { everyAnswer, documentOnly } = splitHeaders(headers);
    // Every answer (routes, files, the not-found handler's pages and errors).
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(everyAnswer);
      done();
    });
    // Documents, once the answer's type is known; a route may still set its own (the receipt links' sandboxed CSP).
    app.addHook('onSend', (_req, reply, payload, done) => {
      if (DOCUMENT_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
        for (const [name, value] of documentOnly) if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

/** helmet's headers split into those of every answer and those of documents alone. */
export function splitHeaders(headers: Record<string, string>): {
  everyAnswer: Record<string, string>;
  documentOnly: Array<[string, string]>;
} {
  const every = new Set<string>(EVERY_ANSWER);
  const entries = Object.entries(headers);
  return {
    everyAnswer: Object.fromEntries(entries.filter(([name]) => every.has(name))),
    documentOnly: entries.filter(([name]) => !every.has(name)),
  };
}

/**
 * The headers helmet sets for these options, worked out once: with no nonce and no function in the directives they
 * are the same for every answer. (@fastify/helmet, used before, built helmet's middleware again on every request:
 * 12 µs of a bare route's 30 µs of server CPU; docs/decisions/001 and 007.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}
