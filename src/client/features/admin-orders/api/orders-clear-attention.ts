import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** "Mark as handled": the order's payment flag cleared (docs/decisions/040). */
export const clearPaymentAttention = (
  input: ApiInput<'/admin/orders/clear-payment-attention'>,
  options?: Parameters<typeof api>[2],
) => api('/admin/orders/clear-payment-attention', input, options);
