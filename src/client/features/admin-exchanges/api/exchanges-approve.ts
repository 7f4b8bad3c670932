import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Approves a request, with what is sent instead. */
export const approveExchange = (input: ApiInput<'/admin/exchanges/approve'>, onMessage?: (message: string) => void) =>
  api('/admin/exchanges/approve', input, { onMessage });
