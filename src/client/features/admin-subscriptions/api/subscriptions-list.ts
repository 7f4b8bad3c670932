import type { SubscriptionStatus } from '@common/contract/subscriptions';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { subscriptionKeys } from './keys';

/** The subscriptions of one status (all: '') and customer e-mail (all: ''), a page at a time. */
export const useAdminSubscriptions = (status: SubscriptionStatus | '', email: string) =>
  useCursorPages(subscriptionKeys.list(status, email), '/admin/subscriptions/list', {
    status: status || undefined,
    email: email || undefined,
  });
