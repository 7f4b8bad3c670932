import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Lang, parseLang } from '../../common/contract/lang';
import { SSR_COOKIES } from '../../common/server-render';
import { acceptLanguageTags, langOfAddress, preferredLang } from '../../common/web-presence';
import { readCookie } from '../lib/cookies';

/**
 * The shop's address for crawlers (docs/decisions/047): PUBLIC_URL; without it (development, a test) the address the
 * request came to, as Fastify reads it (TRUST_PROXY decides whether a proxy's X-Forwarded-* count).
 */
export const shopOrigin = (app: FastifyInstance, req: FastifyRequest): string =>
  // No config at all: the client plugin served alone (its tests).
  (app.config as FastifyInstance['config'] | undefined)?.PUBLIC_URL ?? `${req.protocol}://${req.host}`;

/**
 * The language of a page (docs/decisions/047): the address's (`?lang=`), else the stored one (its cookie), else, on a
 * first visit, the browser's (Accept-Language), else English.
 */
export const pageLang = (req: FastifyRequest): Lang =>
  langOfAddress(req.url.split('?')[1] ?? '') ??
  parseLang(readCookie(req, SSR_COOKIES.lang)) ??
  preferredLang(acceptLanguageTags(req.headers['accept-language'])) ??
  'en';
