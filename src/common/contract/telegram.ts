import { z } from 'zod';
import { passwordText, userInfo } from './accounts';
import { defineEndpoint } from './endpoint';
import { id, optional } from './fields';

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

/**
 * Share inside Telegram (Bot API 8.0, docs/decisions/053): the server saves a prepared inline message for the Telegram
 * user of the validated init_data, who must be the logged-in account's linked Telegram user, and answers its id for
 * the Mini App's `shareMessage`. With `product_id`: a card of that product (picture, name, the shop's price) with an
 * "Open" button opening the Mini App on it; without: a card of the shop. Either carries the account's referral code.
 * Refused with 403 (no or bad init_data, not this account's Telegram user), 404 (unknown or hidden product), 429 (too
 * many), 502 (Telegram refused).
 */
export const prepareTelegramShare = defineEndpoint({
  path: '/v2/prepare-telegram-share',
  access: 'user',
  summary: 'Prepare a message (a product, or the shop) for the Mini App to share, with the referral code',
  request: z.object({ product_id: optional(id()) }),
  response: z.object({ prepared_message_id: z.string(), expires_at: z.string() }),
});
