import { useMutation, useQueryClient } from '@tanstack/react-query';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const affiliateKeys = {
  all: ['admin', 'affiliates'] as const,
  agents: (q: string) => ['admin', 'affiliates', 'agents', q] as const,
  commissions: (status: string, agent: string) => ['admin', 'affiliates', 'commissions', status, agent] as const,
  payouts: (status: string, agent: string) => ['admin', 'affiliates', 'payouts', status, agent] as const,
  awards: (status: string) => ['admin', 'affiliates', 'awards', status] as const,
};

/** A change: every change reads the whole screen again (an agent's totals follow its commissions and payouts). */
export function useAffiliateMutation<I, O>(send: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: affiliateKeys.all }),
  });
}
