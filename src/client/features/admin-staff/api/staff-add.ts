import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useStaffMutation } from './keys';

export const addStaff = (input: ApiInput<'/admin/staff/add'>) => api('/admin/staff/add', input);

/** Makes a customer account (by e-mail) a staff member with a role. */
export const useAddStaff = () => useStaffMutation(addStaff);
