import { z } from 'zod';
import { userInfo } from './accounts';
import { defineEndpoint } from './endpoint';
import { optional } from './fields';

/**
 * Telegram identity (decisions.md §3). Inside Telegram the client sends the raw initData as the common
 * field `init_data`; the server validates it with the bot token and reads the Telegram user from it.
 * A bare `telegram_user_id` is never trusted.
 */

/** A Telegram user id: digits only. */
const telegramUserIdField = () =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { error: 'must be a Telegram user id (digits)' }),
  );

/** The Telegram user named by validated initData (what the shop knows of them). */
export const telegramUser = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
});
export type TelegramUser = z.infer<typeof telegramUser>;

/**
 * Opening the Mini App: when the validated initData names a Telegram user linked to an account, a new
 * session for that account (no password). Otherwise `linked: false`.
 */
export const getInfoFromTelegram = defineEndpoint({
  path: '/v2/get-info-from-telegram',
  access: 'public',
  summary: 'Log in the account linked to the Telegram user of the validated init_data',
  request: z.object({}),
  response: z.discriminatedUnion('linked', [
    z.object({ linked: z.literal(true), telegram_user: telegramUser, user_info: userInfo, token: z.string() }),
    z.object({ linked: z.literal(false), telegram_user: telegramUser }),
  ]),
});

/**
 * Links the logged-in account to the Telegram user of the validated initData. With
 * `expected_telegram_user_id` (the id of a /login_be/{telegram_user_id}/… link), links only when the
 * initData names that same user. Refused, linking nothing, when the Telegram user is linked to another
 * account. Says "Telegram linked successfully".
 */
export const linkTelegram = defineEndpoint({
  path: '/v2/link-telegram',
  access: 'user',
  summary: 'Link the account to the Telegram user of the validated init_data',
  request: z.object({ expected_telegram_user_id: telegramUserIdField() }),
  response: z.object({ user_info: userInfo, telegram_user: telegramUser }),
});
