import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Paid → Processing. */
export const markProcessing = (input: ApiInput<'/admin/orders/processing'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/processing', input, options);
