import type { FastifyInstance } from 'fastify';
import { getInfoFromTelegram, linkTelegram } from '../../common/contract/telegram';
import { route } from '../lib/endpoint';
import { requireTelegramUser } from './request';
import { linkTelegramAccount, loginWithTelegram } from './service';

export default async function telegramRoutes(app: FastifyInstance) {
  route(app, getInfoFromTelegram, async ({ req }) => loginWithTelegram(app.db, requireTelegramUser(req)));

  route(app, linkTelegram, async ({ req, input, auth, say }) => {
    const tg = requireTelegramUser(req);
    const linked = await linkTelegramAccount(app.db, auth!.user.id, tg, input.expected_telegram_user_id);
    say('telegramLinked');
    return linked;
  });
}
