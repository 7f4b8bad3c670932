import { api } from '@/lib/api/client';

/** The Telegram invoice link of an unpaid payment-link order ("This method is not available" without a provider). */
export const getPaymentLink = (orderId: number) => api('/v1/get-payment-link', { order_id: orderId });
