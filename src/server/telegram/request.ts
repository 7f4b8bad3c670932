import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageKey } from '../../common/i18n/messages';
import { forbidden } from '../lib/errors';
import {
  checkInitData,
  type InitDataCheck,
  type InitDataProblem,
  initDataHash,
  type TelegramIdentity,
} from './init-data';

const checks = new WeakMap<FastifyRequest, InitDataCheck>();

/** The raw initData of a request: the common body field `init_data` (the client sends it with every call). */
function rawInitData(req: FastifyRequest): string | undefined {
  const body = req.body as { init_data?: unknown } | undefined;
  const value = body && typeof body === 'object' ? body.init_data : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The request's initData check, validated once per request. */
function telegramCheck(req: FastifyRequest): InitDataCheck {
  let check = checks.get(req);
  if (!check) {
    check = checkInitData(rawInitData(req), req.server.config.BOT_TOKEN);
    checks.set(req, check);
  }
  return check;
}

const problemMessages: Record<InitDataProblem, MessageKey> = {
  notConfigured: 'telegramNotConfigured',
  missing: 'telegramInitDataMissing',
  invalid: 'telegramInitDataInvalid',
  expired: 'telegramInitDataExpired',
  noUser: 'telegramNoUser',
};

/**
 * The Telegram user of the request's validated initData, or a refusal (403, at the field `init_data`)
 * saying why there is none. Never 401: the client treats 401 as "log out".
 */
export function requireTelegramUser(req: FastifyRequest): TelegramIdentity {
  const check = telegramCheck(req);
  if (check.ok) return check.user;
  const key = problemMessages[check.problem];
  throw forbidden(key, 'init_data');
}

/**
 * The Telegram user of the request's validated initData together with that initData's `hash` (what a replayed initData
 * repeats), or the same refusal as `requireTelegramUser`.
 */
export function requireTelegramLaunch(req: FastifyRequest): { user: TelegramIdentity; hash: string } {
  const user = requireTelegramUser(req);
  const hash = initDataHash(rawInitData(req) ?? '');
  // Validated initData always has its hash; this only keeps the types honest.
  if (!hash) throw forbidden('telegramInitDataInvalid', 'init_data');
  return { user, hash };
}

/** `req.telegramUser()`: the validated Telegram user of the request, or null (browser, bad or old initData). */
export default fp(
  async function telegramRequest(app: FastifyInstance) {
    app.decorateRequest('telegramUser', function (this: FastifyRequest) {
      const check = telegramCheck(this);
      return check.ok ? check.user : null;
    });
  },
  { name: 'telegram-request' },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The Telegram user named by the request's validated `init_data`, or null. Never a bare field. */
    telegramUser(): TelegramIdentity | null;
  }
}
