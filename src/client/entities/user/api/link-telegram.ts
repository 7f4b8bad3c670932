import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/**
 * Links the logged-in account to the Telegram user of this Mini App's initData, with the account's `password`. With
 * `expected_telegram_user_id` (a /login_be link's id) only when it is that same user; an account linked to another
 * Telegram user is moved only when `replaces_telegram_user_id` names that link.
 */
export const linkTelegram = (input: ApiInput<'/v2/link-telegram'>) => api('/v2/link-telegram', input);
