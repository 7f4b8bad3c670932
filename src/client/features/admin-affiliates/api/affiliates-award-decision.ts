import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const decideAward = (input: ApiInput<'/admin/affiliates/award-decision'>) =>
  api('/admin/affiliates/award-decision', input);

/** Releases or refuses a referral award that waits for staff (docs/decisions/032). */
export const useAwardDecision = () => useAffiliateMutation(decideAward);
