import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useStaffMutation } from './keys';

export const changeStaffRole = (input: ApiInput<'/admin/staff/role'>) => api('/admin/staff/role', input);

/** Gives a staff member another role (the shop always keeps one owner). */
export const useChangeRole = () => useStaffMutation(changeStaffRole);
