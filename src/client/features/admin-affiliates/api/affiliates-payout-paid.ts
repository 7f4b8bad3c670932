import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const markPayoutPaid = (input: ApiInput<'/admin/affiliates/payout-paid'>) =>
  api('/admin/affiliates/payout-paid', input);

/** Records a payout request as paid (with the transfer's reference). */
export const useMarkPayoutPaid = () => useAffiliateMutation(markPayoutPaid);
