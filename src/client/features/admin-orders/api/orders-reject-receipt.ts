import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Refuses the receipt waiting on a Pending order, with the reason the customer sees. */
export const rejectReceipt = (input: ApiInput<'/admin/orders/reject-receipt'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/reject-receipt', input, options);
