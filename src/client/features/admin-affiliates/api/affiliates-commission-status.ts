import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const changeCommission = (input: ApiInput<'/admin/affiliates/commission-status'>) =>
  api('/admin/affiliates/commission-status', input);

/** Confirms, holds or cancels a commission (along the statuses the server allows). */
export const useCommissionAction = () => useAffiliateMutation(changeCommission);
