import { z } from 'zod';
import { ORDER_STATUSES } from '../../checkout-rules';
import { CASH_REWARD_TYPES } from '../checkout';
import { defineAdminEndpoint } from '../endpoint';
import { id, optionalText } from '../fields';
import { SUBSCRIPTION_STATUSES } from '../subscriptions';
import { adminPaging, nextCursor } from './paging';

/** The back office's Customers screen (docs/decisions/013): search, and one customer's page. */

export const customerRow = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  joined_at: z.string(),
  orders_count: z.number().int(),
  cash_balance_cents: z.number().int(),
  is_agent: z.boolean(),
  telegram_linked: z.boolean(),
});
export type AdminCustomerRow = z.infer<typeof customerRow>;

export const adminCustomersList = defineAdminEndpoint({
  path: '/admin/customers/list',
  permission: 'customers',
  summary: 'Customers, newest first, searched by name, e-mail or phone (contains, any case); keyset-paged',
  request: z.object({ q: optionalText(254), ...adminPaging }),
  response: z.object({ customers: z.array(customerRow), next_cursor: nextCursor }),
});

const person = z.object({ id: z.number().int(), nickname: z.string(), email: z.string(), joined_at: z.string() });

export const customerDetail = z.object({
  profile: z.object({
    id: z.number().int(),
    nickname: z.string(),
    email: z.string(),
    phone: z.string(),
    language: z.string(),
    joined_at: z.string(),
    is_agent: z.boolean(),
    /** Commission rate in basis points (1000 = 10%). */
    commission_rate_bp: z.number().int(),
    referral_code: z.string(),
  }),
  telegram: z.object({
    linked: z.boolean(),
    username: z.string().nullable(),
    name: z.string().nullable(),
  }),
  orders: z.object({
    total: z.number().int(),
    /** The latest 20. */
    latest: z.array(
      z.object({
        id: z.number().int(),
        order_no: z.string(),
        status: z.enum(ORDER_STATUSES),
        total_cents: z.number().int(),
        placed_at: z.string(),
      }),
    ),
  }),
  cash_reward: z.object({
    balance_cents: z.number().int(),
    /** The latest 20 ledger entries. */
    entries: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(CASH_REWARD_TYPES),
        amount_cents: z.number().int(),
        balance_after_cents: z.number().int(),
        order_no: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  referral: z.object({
    upline: person.omit({ joined_at: true }).nullable(),
    downlines_count: z.number().int(),
    /** The latest 20 members who joined under this customer. */
    downlines: z.array(person),
  }),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      product: z.string(),
      packaging: z.string(),
      quantity: z.number().int(),
      frequency_weeks: z.number().int(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      next_due_at: z.string(),
    }),
  ),
});
export type AdminCustomerDetail = z.infer<typeof customerDetail>;

export const adminCustomerGet = defineAdminEndpoint({
  path: '/admin/customers/get',
  permission: 'customers',
  summary: 'One customer: profile, Telegram link, orders, cash reward ledger, referrals, subscriptions',
  request: z.object({ id: id() }),
  response: customerDetail,
});
