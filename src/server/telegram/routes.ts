import type { FastifyInstance } from 'fastify';
import {
  getInfoFromTelegram,
  getTelegramLinkPreview,
  linkTelegram,
  prepareTelegramShare,
  unlinkTelegram,
} from '../../common/contract/telegram';
import { route } from '../lib/endpoint';
import { forbidden } from '../lib/errors';
import { requireTelegramLaunch, requireTelegramUser } from './request';
import { linkTelegramAccount, loginWithTelegram, previewTelegramLink, unlinkTelegramAccount } from './service';
import { prepareShare } from './share';

export default async function telegramRoutes(app: FastifyInstance) {
  route(app, getInfoFromTelegram, async ({ req }) => {
    const launch = requireTelegramLaunch(req);
    return loginWithTelegram(app.db, launch.user, launch.hash);
  });

  route(app, getTelegramLinkPreview, async ({ req, auth }) =>
    previewTelegramLink(app.db, auth?.user ?? null, requireTelegramUser(req)),
  );

  route(app, linkTelegram, async ({ req, input, auth, say }) => {
    const tg = requireTelegramUser(req);
    const linked = await linkTelegramAccount(app.shop, auth.user, tg, {
      expectedTelegramUserId: input.expected_telegram_user_id,
      password: input.password,
      replacesTelegramUserId: input.replaces_telegram_user_id,
    });
    say('telegramLinked');
    return linked;
  });

  route(app, unlinkTelegram, async ({ input, auth, say }) => {
    const user_info = await unlinkTelegramAccount(app.shop, auth.user, input.password);
    say('telegramUnlinked');
    return { user_info };
  });

  route(app, prepareTelegramShare, async ({ req, input, auth, lang }) => {
    // The Telegram user is the validated initData's, never a field (docs/decisions/001, 053).
    const telegram = requireTelegramUser(req);
    const bot = app.bot;
    if (!bot) throw forbidden('telegramNotConfigured', 'init_data');
    const { config } = app;
    const target = {
      origin: (config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, ''),
      botUsername: config.BOT_USERNAME ?? (bot.isInited() ? bot.botInfo.username : undefined),
      miniAppName: config.MINI_APP_NAME,
    };
    return prepareShare(app.shop, { api: bot.api, target }, { user: auth.user, telegram, lang }, input.product_id);
  });
}
