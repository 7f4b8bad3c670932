import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Refunds a card-paid order to the card through the card provider (docs/decisions/040). */
export const refundToCard = (input: ApiInput<'/admin/orders/refund-to-card'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/refund-to-card', input, options);
