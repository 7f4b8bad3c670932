import type { ExchangeStatus } from '@common/exchange-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { api } from '@/lib/api/client';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const exchangeKeys = {
  all: ['admin', 'exchanges'] as const,
  list: (status: string, orderId: number | null) => ['admin', 'exchanges', 'list', status, orderId] as const,
};

/** The requests, newest first, by status (all: '') or of one order. */
export const useAdminExchanges = (status: ExchangeStatus | '', orderId: number | null = null) =>
  useCursorPages(exchangeKeys.list(status, orderId), '/admin/exchanges', {
    status: status || undefined,
    order_id: orderId ?? undefined,
  });

export type Decision = 'approve' | 'decline';

/** Approves (with what is sent instead) or declines (with the reason); the lists and the dashboard are read again. */
export const useDecideExchange = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, answer }: { id: number; decision: Decision; answer: string }) => {
      let message = '';
      const path = decision === 'approve' ? '/admin/exchanges/approve' : '/admin/exchanges/decline';
      const data = await api(path, { id, answer }, { onMessage: (m) => (message = m) });
      return { ...data, message };
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: exchangeKeys.all });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
};
