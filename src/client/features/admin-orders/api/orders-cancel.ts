import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Cancels a Pending or Paid order. */
export const cancelOrder = (input: ApiInput<'/admin/orders/cancel'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/cancel', input, options);
