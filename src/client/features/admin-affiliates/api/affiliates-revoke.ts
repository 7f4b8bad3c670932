import { api } from '@/lib/api/client';
import { useAffiliateMutation } from './keys';

export const revokeAgent = (userId: number) => api('/admin/affiliates/revoke', { user_id: userId });

/** Ends an agent's agency (the account stays a customer). */
export const useRevokeAgent = () => useAffiliateMutation(revokeAgent);
