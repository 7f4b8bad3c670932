import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Confirms a Pending bank-transfer order's payment. */
export const confirmPayment = (input: ApiInput<'/admin/orders/confirm-payment'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/confirm-payment', input, options);
