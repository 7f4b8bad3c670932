import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const staffKeys = { all: ['admin', 'staff'] as const };

/** A change: the list (and the caller's own role, which may be the one changed) is read again. */
export function useStaffMutation<V, R>(send: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.all }),
        client.invalidateQueries({ queryKey: adminKeys.me }),
      ]);
    },
  });
}
