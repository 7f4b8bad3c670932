import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { approveExchange } from './exchanges-approve';
import { declineExchange } from './exchanges-decline';
import { exchangeKeys } from './keys';

export type Decision = 'approve' | 'decline';

/** Approves (with what is sent instead) or declines (with the reason); the lists and the dashboard are read again. */
export const useDecideExchange = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, answer }: { id: number; decision: Decision; answer: string }) => {
      let message = '';
      const send = decision === 'approve' ? approveExchange : declineExchange;
      const data = await send({ id, answer }, (m) => (message = m));
      return { ...data, message };
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: exchangeKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
};
