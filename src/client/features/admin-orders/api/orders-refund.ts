import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Records money given back on a cancelled order that had been paid. */
export const recordRefund = (input: ApiInput<'/admin/orders/refund'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/refund', input, options);
