import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Declines a request, with the reason. */
export const declineExchange = (input: ApiInput<'/admin/exchanges/decline'>, onMessage?: (message: string) => void) =>
  api('/admin/exchanges/decline', input, { onMessage });
