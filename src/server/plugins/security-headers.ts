import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
 * Security headers on every answer, by @fastify/helmet: a Content-Security-Policy whose frame-ancestors let Telegram's
 * web clients (and the shop itself) frame the shop and nobody else, `X-Content-Type-Options: nosniff`, a
 * Referrer-Policy that never sends a path (a signed receipt link) to another site, and HSTS when the shop is served
 * over HTTPS (`PUBLIC_URL` https). X-Frame-Options is left out: it cannot allow Telegram's origins, frame-ancestors does.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    const https = app.config.PUBLIC_URL?.startsWith('https://') ?? false;
    await app.register(helmet, {
      global: true,
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
  },
  { name: 'security-headers' },
);
