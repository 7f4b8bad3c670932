import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Processing → Completed. */
export const completeOrder = (input: ApiInput<'/admin/orders/complete'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/complete', input, options);
