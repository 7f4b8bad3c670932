import { api } from '@/lib/api/client';

/**
 * Who linking would link, before the customer confirms: the Telegram user of this Mini App's initData, the account's
 * current link and whether that Telegram user is linked to another account. Changes nothing.
 */
export const getTelegramLinkPreview = (signal?: AbortSignal) => api('/v2/get-telegram-link-preview', {}, { signal });
