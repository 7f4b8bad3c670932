import { api } from '@/lib/api/client';

/** Asks the server for a prepared message of the shop, with the referral code, to share inside Telegram (053). */
export const prepareTelegramShare = () => api('/v2/prepare-telegram-share', {});
