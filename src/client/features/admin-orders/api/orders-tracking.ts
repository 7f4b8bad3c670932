import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Saves the shipping company, number and link. */
export const saveTracking = (input: ApiInput<'/admin/orders/tracking'>, options?: Parameters<typeof api>[2]) =>
  api('/admin/orders/tracking', input, options);
