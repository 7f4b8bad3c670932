import type { StaffRole } from '@common/staff-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { api } from '@/lib/api/client';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const staffKeys = { all: ['admin', 'staff'] as const };

export const useStaffList = () =>
  useQuery({
    queryKey: staffKeys.all,
    queryFn: ({ signal }) => api('/admin/staff/list', {}, { signal }),
  });

/** Any change to the staff reads the list (and the caller's own role, which may be the one changed) again. */
function useStaffMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.all }),
        client.invalidateQueries({ queryKey: adminKeys.me }),
      ]);
    },
  });
}

export const useAddStaff = () =>
  useStaffMutation((v: { email: string; role: StaffRole }) => api('/admin/staff/add', v));
export const useChangeRole = () =>
  useStaffMutation((v: { user_id: number; role: StaffRole }) => api('/admin/staff/role', v));
export const useRemoveStaff = () =>
  useStaffMutation((userId: number) => api('/admin/staff/remove', { user_id: userId }));
