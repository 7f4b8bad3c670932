import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bot } from 'grammy';
import { createBot } from './bot/bot';
import { ShopLinks } from './bot/links';
import { createNotificationSender, type NotificationSender } from './bot/notifications';
import { webhookSecret } from './bot/webhook-secret';
import telegramRequest from './request';
import telegramWebhook from './webhook';

/**
 * Telegram in the server: `req.telegramUser()` (validated initData) always; with BOT_TOKEN set, the bot,
 * its webhook (POST /telegram/webhook) and the order-news sender, which drains the outbox every few
 * seconds from start until close (not under NODE_ENV=test, where tests drain it themselves).
 */
export default fp(
  async function telegram(app: FastifyInstance) {
    await app.register(telegramRequest);
    const { config } = app;
    if (!config.BOT_TOKEN) {
      app.decorate('bot', null);
      app.decorate('notificationSender', null);
      return;
    }
    const bot = createBot({ shop: app.shop });
    const sender = createNotificationSender({
      db: app.db,
      files: app.shop.files,
      api: bot.api,
      links: new ShopLinks(config.PUBLIC_URL),
      log: app.log,
      metrics: app.shop.metrics,
    });
    app.decorate('bot', bot);
    app.decorate('notificationSender', sender);
    await app.register(telegramWebhook, { bot, secret: webhookSecret(config)! });
    // Once across instances (its job lease: docs/decisions/024); it stops when the instance starts draining.
    if (config.NODE_ENV !== 'test') app.addHook('onReady', async () => sender.start());
    app.lifecycle.onDrain(() => sender.stop());
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'telegram' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's bot, when BOT_TOKEN is set. */
    bot: Bot | null;
    /** Sends order news to linked customers, when BOT_TOKEN is set. */
    notificationSender: NotificationSender | null;
  }
}
