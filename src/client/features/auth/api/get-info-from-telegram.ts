import { api } from '@/lib/api/client';

/** The account linked to the Telegram user of this Mini App's initData (sent by the API client), if any. */
export const getInfoFromTelegram = (signal?: AbortSignal) => api('/v2/get-info-from-telegram', {}, { signal });
