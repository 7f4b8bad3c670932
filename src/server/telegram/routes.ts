import type { FastifyInstance } from 'fastify';
import {
  getInfoFromTelegram,
  getTelegramLinkPreview,
  linkTelegram,
  unlinkTelegram,
} from '../../common/contract/telegram';
import { route } from '../lib/endpoint';
import { requireTelegramLaunch, requireTelegramUser } from './request';
import { linkTelegramAccount, loginWithTelegram, previewTelegramLink, unlinkTelegramAccount } from './service';

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
}
