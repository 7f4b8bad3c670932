import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const setAgentRate = (input: ApiInput<'/admin/affiliates/rate'>) => api('/admin/affiliates/rate', input);

/** Changes an agent's commission rate (for orders placed from now on). */
export const useSetRate = () => useAffiliateMutation(setAgentRate);
