import { createHash } from 'node:crypto';

/** Where Telegram posts the bot's updates (setWebhook: PUBLIC_URL + this path). */
export const WEBHOOK_PATH = '/telegram/webhook';

/**
 * The secret Telegram sends in `X-Telegram-Bot-Api-Secret-Token` with each update: WEBHOOK_SECRET, or
 * one derived from the bot token when it is not set (the server and `npm run bot:setup` derive the same).
 */
export function webhookSecret(config: { WEBHOOK_SECRET?: string; BOT_TOKEN?: string }): string | undefined {
  if (config.WEBHOOK_SECRET) return config.WEBHOOK_SECRET;
  if (!config.BOT_TOKEN) return undefined;
  return createHash('sha256').update(`leafcup-webhook:${config.BOT_TOKEN}`).digest('hex');
}
