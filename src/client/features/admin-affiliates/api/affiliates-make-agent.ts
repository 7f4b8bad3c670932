import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const makeAgent = (input: ApiInput<'/admin/affiliates/make-agent'>) =>
  api('/admin/affiliates/make-agent', input);

/** Makes a customer (by e-mail) an agent, at `rate_bp` or the shop's default rate. */
export const useMakeAgent = () => useAffiliateMutation(makeAgent);
