import type { AdminMeOutput } from '@common/contract/admin/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { api } from '@/lib/api/client';

export const setMyAlerts = (on: boolean) => api('/admin/me/notifications', { notify_telegram: on });

/** Turns the caller's bot alerts on or off; the answer updates `/admin/me` in place. */
export function useSetMyAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setMyAlerts,
    onSuccess: (member) => {
      client.setQueryData<AdminMeOutput>(adminKeys.me, (me) => (me ? { ...me, ...member } : me));
    },
  });
}
