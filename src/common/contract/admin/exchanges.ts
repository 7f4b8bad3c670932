import { z } from 'zod';
import { EXCHANGE_ANSWER_MAX } from '../../exchange-rules';
import { defineAdminEndpoint } from '../endpoint';
import { exchangeReason, exchangeStatus } from '../exchanges';
import { id, optional, text } from '../fields';
import { adminPaging, nextCursor } from './paging';

/**
 * The back office's Exchanges (docs/decisions/020): the requests, newest first, by status or of one order
 * (every staff member who sees orders: `orders.view`), and the decision (`exchanges`: owner and manager): approve with
 * what is sent instead, or decline with the reason. A request is decided once; each decision is audited
 * (`exchange.approve`, `exchange.decline`) and told to the customer.
 */

export const adminExchangeRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  customer: z.object({ id: z.number().int(), nickname: z.string(), email: z.string() }),
  order_item_id: z.number().int(),
  name: z.string(),
  variant_name: z.string(),
  /** How many of the line the customer wants exchanged, and the line's quantity. */
  quantity: z.number().int(),
  line_quantity: z.number().int(),
  reason: exchangeReason,
  note: z.string().nullable(),
  /** The photo, a GET path signed for the customer (the same link the customer has), valid for an hour. */
  photo_url: z.string().nullable(),
  status: exchangeStatus,
  answer: z.string().nullable(),
  /** Who decided (their e-mail) and when; null while requested. */
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminExchangeRow = z.infer<typeof adminExchangeRow>;

export const adminExchangesList = defineAdminEndpoint({
  path: '/admin/exchanges',
  permission: 'orders.view',
  summary: 'Exchange requests, newest first, by status or of one order; keyset-paged by `cursor`',
  request: z.object({
    status: optional(exchangeStatus),
    order_id: optional(id()),
    ...adminPaging,
  }),
  response: z.object({ requests: z.array(adminExchangeRow), next_cursor: nextCursor }),
});

export const adminExchangeApprove = defineAdminEndpoint({
  path: '/admin/exchanges/approve',
  permission: 'exchanges',
  summary: 'Approves an open exchange request with what is sent instead; audited as exchange.approve',
  request: z.object({ id: id(), answer: text(EXCHANGE_ANSWER_MAX) }),
  response: z.object({ request: adminExchangeRow }),
});

export const adminExchangeDecline = defineAdminEndpoint({
  path: '/admin/exchanges/decline',
  permission: 'exchanges',
  summary: 'Declines an open exchange request with the reason; audited as exchange.decline',
  request: z.object({ id: id(), answer: text(EXCHANGE_ANSWER_MAX) }),
  response: z.object({ request: adminExchangeRow }),
});
