import { api } from '@/lib/api/client';

/** Asks the server for a prepared message of this product to share inside Telegram (docs/decisions/053). */
export const prepareTelegramShare = (productId: number) => api('/v2/prepare-telegram-share', { product_id: productId });
