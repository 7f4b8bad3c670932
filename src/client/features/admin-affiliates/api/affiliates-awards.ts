import type { ReferralAwardStatus } from '@common/referral-signals';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { affiliateKeys } from './keys';

/** The referral awards of one status (all: ''), a page at a time. */
export const useAwards = (status: ReferralAwardStatus | '') =>
  useCursorPages(affiliateKeys.awards(status), '/admin/affiliates/awards', { status: status || undefined });
