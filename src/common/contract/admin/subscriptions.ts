import { z } from 'zod';
import { defineAdminEndpoint } from '../endpoint';
import { id, optional, optionalText } from '../fields';
import { subscriptionStatus } from '../subscriptions';
import { adminPaging, nextCursor } from './paging';

/** The back office's Subscriptions screen (docs/decisions/013): list, filter, cancel. */

export const adminSubscriptionRow = z.object({
  id: z.number().int(),
  customer: z.object({ id: z.number().int(), nickname: z.string(), email: z.string() }),
  product: z.string(),
  packaging: z.string(),
  quantity: z.number().int(),
  frequency_weeks: z.number().int(),
  status: subscriptionStatus,
  /** When the next renewal is placed (meaningless once cancelled). */
  next_due_at: z.string(),
  updated_at: z.string(),
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRow>;

export const adminSubscriptionsList = defineAdminEndpoint({
  path: '/admin/subscriptions/list',
  permission: 'subscriptions',
  summary: 'Subscriptions, newest first, filtered by status and customer e-mail (contains, any case); keyset-paged',
  request: z.object({ status: optional(subscriptionStatus), email: optionalText(254), ...adminPaging }),
  response: z.object({ subscriptions: z.array(adminSubscriptionRow), next_cursor: nextCursor }),
});

export const adminSubscriptionCancel = defineAdminEndpoint({
  path: '/admin/subscriptions/cancel',
  permission: 'subscriptions',
  summary:
    'Cancels a subscription: no renewal is placed after this answers (a renewal being placed at that moment finishes first). Cancelling a cancelled one changes nothing',
  request: z.object({ id: id() }),
  response: z.object({ subscription: adminSubscriptionRow, changed: z.boolean() }),
});
