import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { TELEGRAM_WEB_ORIGINS } from '../../common/telegram-origins';
import { BOOT_SCRIPTS_CSP } from './boot-scripts';

/** The Content-Security-Policy directives of every answer (HTML and API alike). */
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

/**
 * Security headers on every answer, by helmet: a Content-Security-Policy whose frame-ancestors let Telegram's
 * web clients (and the shop itself) frame the shop and nobody else, `X-Content-Type-Options: nosniff`, a
 * Referrer-Policy that never sends a path (a signed receipt link) to another site, and HSTS when the shop is served
 * over HTTPS (`PUBLIC_URL` https). X-Frame-Options is left out: it cannot allow Telegram's origins, frame-ancestors does.
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
    // Every answer (routes, files, the not-found handler's pages and errors); a route may still set its own (the
    // receipt links' sandboxed CSP).
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

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
