import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Bot, webhookCallback } from 'grammy';
import { formatMessage } from '../../common/i18n/messages';
import { tracing } from '../telemetry/hooks';
import { WEBHOOK_PATH } from './bot/webhook-secret';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What kind of update it is: its one field besides update_id (Bot API, Update). */
const updateType = (update: object) => Object.keys(update).find((key) => key !== 'update_id') ?? 'unknown';

/**
 * POST /telegram/webhook: the bot's updates from Telegram. A request without the right
 * `X-Telegram-Bot-Api-Secret-Token` is refused (401) before the bot sees it.
 */
export default async function telegramWebhook(app: FastifyInstance, opts: { bot: Bot; secret: string }) {
  const handle = webhookCallback(opts.bot, 'fastify', { secretToken: opts.secret });
  app.post(WEBHOOK_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!sameSecret(req.headers[SECRET_HEADER], opts.secret)) {
      return reply
        .code(401)
        .send({ success: false, code: 401, message: formatMessage('en', 'unauthorized'), data: null });
    }
    if (
      !req.body ||
      typeof req.body !== 'object' ||
      typeof (req.body as { update_id?: unknown }).update_id !== 'number'
    ) {
      return reply
        .code(400)
        .send({ success: false, code: 400, message: formatMessage('en', 'invalidRequest'), data: null });
    }
    // Telegram is heard from: the webhook's silence gauge starts again (metrics/scrape.ts).
    app.shop.metrics.webhookReceived('telegram');
    // With tracing on, a span per update naming its kind only (message, callback_query, …): never its content.
    const traced = tracing();
    if (traced)
      await traced.inSpan('bot update', { 'telegram.update_type': updateType(req.body) }, () => handle(req, reply));
    else await handle(req, reply);
    return reply;
  });
}
