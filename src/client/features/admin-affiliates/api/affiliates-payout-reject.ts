import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const rejectPayout = (input: ApiInput<'/admin/affiliates/payout-reject'>) =>
  api('/admin/affiliates/payout-reject', input);

/** Rejects a payout request with the reason the agent sees. */
export const useRejectPayout = () => useAffiliateMutation(rejectPayout);
