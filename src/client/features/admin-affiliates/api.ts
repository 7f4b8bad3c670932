import type { CommissionAction } from '@common/contract/admin/affiliates';
import type { CommissionStatus, PayoutStatus } from '@common/contract/referral';
import type { ReferralAwardStatus } from '@common/referral-signals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const affiliateKeys = {
  all: ['admin', 'affiliates'] as const,
  agents: (q: string) => ['admin', 'affiliates', 'agents', q] as const,
  commissions: (status: string, agent: string) => ['admin', 'affiliates', 'commissions', status, agent] as const,
  payouts: (status: string, agent: string) => ['admin', 'affiliates', 'payouts', status, agent] as const,
  awards: (status: string) => ['admin', 'affiliates', 'awards', status] as const,
};

export const useAgents = (q: string) =>
  useCursorPages(affiliateKeys.agents(q), '/admin/affiliates/agents', { q: q || undefined });

export const useCommissions = (status: CommissionStatus | '', agent: string) =>
  useCursorPages(affiliateKeys.commissions(status, agent), '/admin/affiliates/commissions', {
    status: status || undefined,
    agent: agent || undefined,
  });

export const usePayouts = (status: PayoutStatus | '', agent: string) =>
  useCursorPages(affiliateKeys.payouts(status, agent), '/admin/affiliates/payouts', {
    status: status || undefined,
    agent: agent || undefined,
  });

export const useAwards = (status: ReferralAwardStatus | '') =>
  useCursorPages(affiliateKeys.awards(status), '/admin/affiliates/awards', { status: status || undefined });

/** Every change reads the whole screen again (an agent's totals follow its commissions and payouts). */
function useAffiliateMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: affiliateKeys.all }),
  });
}

export const useMakeAgent = () =>
  useAffiliateMutation((input: { email: string; rate_bp?: number }) => api('/admin/affiliates/make-agent', input));
export const useSetRate = () =>
  useAffiliateMutation((input: { user_id: number; rate_bp: number }) => api('/admin/affiliates/rate', input));
export const useRevokeAgent = () =>
  useAffiliateMutation((user_id: number) => api('/admin/affiliates/revoke', { user_id }));
export const useCommissionAction = () =>
  useAffiliateMutation((input: { commission_id: number; action: CommissionAction }) =>
    api('/admin/affiliates/commission-status', input),
  );
export const useMarkPayoutPaid = () =>
  useAffiliateMutation((input: { payout_id: number; reference?: string }) =>
    api('/admin/affiliates/payout-paid', input),
  );
export const useAwardDecision = () =>
  useAffiliateMutation((input: { member_id: number; decision: 'release' | 'refuse' }) =>
    api('/admin/affiliates/award-decision', input),
  );
export const useRejectPayout = () =>
  useAffiliateMutation((input: { payout_id: number; reason: string }) => api('/admin/affiliates/payout-reject', input));

/**
 * A percentage as typed ("10", "12.5", "7.25") in basis points (1000 = 10%), or null when it is not one from 0 to
 * 100 with at most two decimals. Exact: no floating point.
 */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as a percentage to show ("12.5"). */
export const bpToPercent = (bp: number): string => String(bp / 100);
