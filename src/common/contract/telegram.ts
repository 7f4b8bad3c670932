import { z } from 'zod';
import { passwordText, userInfo } from './accounts';
import { defineEndpoint } from './endpoint';
import { optional } from './fields';

/**
 * Telegram identity (docs/decisions/001). Inside Telegram the client sends the raw initData as the common
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

/** The account's password, sent with a link or unlink (required by the service). */
const passwordField = passwordText;

/**
 * What linking the current Telegram user would do, shown before the customer confirms (docs/decisions/001): the
 * Telegram user of the validated init_data, the account's current link (null when not linked, and for a guest) and
 * whether that Telegram user is linked to another account (for a guest on /login_be: to any account). Changes nothing.
 */
export const getTelegramLinkPreview = defineEndpoint({
  path: '/v2/get-telegram-link-preview',
  access: 'optional',
  summary: 'Who linking would link: the Telegram user of the validated init_data and the current link',
  request: z.object({}),
  response: z.object({
    telegram_user: telegramUser,
    current_link: telegramUser.nullable(),
    linked_to_other_account: z.boolean(),
  }),
});

/**
 * Links the logged-in account to the Telegram user of the validated initData, with the account's `password`
 * (required; wrong attempts count like log-in attempts). With `expected_telegram_user_id` (the id of a
 * /login_be/{telegram_user_id}/… link), links only when the initData names that same user. An account linked to
 * another Telegram user is moved only when `replaces_telegram_user_id` names that link (else 409 saying what is
 * linked now). Refused, linking nothing, when the Telegram user is linked to another account. The Telegram users
 * concerned are told through the bot. Says "Telegram linked successfully".
 */
export const linkTelegram = defineEndpoint({
  path: '/v2/link-telegram',
  access: 'user',
  summary: 'Link the account (password required) to the Telegram user of the validated init_data',
  request: z.object({
    expected_telegram_user_id: telegramUserIdField(),
    password: passwordField(),
    replaces_telegram_user_id: telegramUserIdField(),
  }),
  response: z.object({ user_info: userInfo, telegram_user: telegramUser }),
});

/**
 * Unlinks the logged-in account from its Telegram user, with the account's `password` (required; counted like a
 * log-in). The Telegram user that was unlinked is told through the bot. Needs no init_data: it works in a browser too.
 */
export const unlinkTelegram = defineEndpoint({
  path: '/v2/unlink-telegram',
  access: 'user',
  summary: 'Unlink the account (password required) from its Telegram user',
  request: z.object({ password: passwordField() }),
  response: z.object({ user_info: userInfo }),
});
