import type { PayoutStatus } from '@common/contract/referral';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { affiliateKeys } from './keys';

/** The payout requests of one status (all: '') and agent (all: ''), a page at a time. */
export const usePayouts = (status: PayoutStatus | '', agent: string) =>
  useCursorPages(affiliateKeys.payouts(status, agent), '/admin/affiliates/payouts', {
    status: status || undefined,
    agent: agent || undefined,
  });
