import { api } from '@/lib/api/client';
import { useStaffMutation } from './keys';

export const removeStaff = (userId: number) => api('/admin/staff/remove', { user_id: userId });

/** Ends a staff member's access (the account stays a customer). */
export const useRemoveStaff = () => useStaffMutation(removeStaff);
