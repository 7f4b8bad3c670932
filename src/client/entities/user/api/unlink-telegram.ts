import { api } from '@/lib/api/client';

/** Unlinks the logged-in account from its Telegram user; needs the account's password. Works in a browser too. */
export const unlinkTelegram = (password: string) => api('/v2/unlink-telegram', { password });
