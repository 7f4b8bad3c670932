import type { CommissionStatus } from '@common/contract/referral';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { affiliateKeys } from './keys';

/** The commissions of one status (all: '') and agent (all: ''), a page at a time. */
export const useCommissions = (status: CommissionStatus | '', agent: string) =>
  useCursorPages(affiliateKeys.commissions(status, agent), '/admin/affiliates/commissions', {
    status: status || undefined,
    agent: agent || undefined,
  });
