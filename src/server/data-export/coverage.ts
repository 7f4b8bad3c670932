import type { Database } from '../db/schema';

/**
 * Every table that references a customer (directly, or through their orders, subscriptions or cards), and what a copy
 * of the customer's data does with it (docs/decisions/051): `in` names the copy's section, `out` says why the table is
 * left out. tests/unit/server/data-export-coverage.test.ts reads src/server/db/schema*.ts and fails when a table with
 * such a column is missing here, so a new table is classified before it ships.
 */
export const EXPORT_COVERAGE: Partial<Record<keyof Database, { in: string } | { out: string }>> = {
  users: { in: 'profile, telegram, preferences, affiliate.bank_settings' },
  addresses: { in: 'addresses' },
  orders: { in: 'orders' },
  order_items: { in: 'orders[].lines' },
  payments: { in: 'orders[].payments (no provider charge ids)' },
  refunds: { in: 'orders[].refunds (no staff member, no provider ids)' },
  order_events: { in: 'orders[].timeline (a staff member shown as "staff")' },
  renewal_charges: { in: 'orders[].card_charges' },
  coupon_redemptions: { in: 'coupons.used' },
  coupon_applications: { in: 'coupons.applied' },
  reviews: { in: 'reviews' },
  cash_rewards: { in: 'cash_reward.ledger' },
  cash_reward_holds: { in: 'cash_reward.held_for_checkout' },
  subscriptions: { in: 'subscriptions' },
  saved_cards: { in: 'saved_cards (brand, last 4 digits, dates; no provider references)' },
  stock_alerts: { in: 'stock_alerts' },
  marketing_consents: { in: 'profile.preferences.marketing_choices (every yes or no, when and how)' },
  reorder_reminders: { in: 'messages.reorder_reminders (the order line and product told “Running low?”, and when)' },
  carts: {
    out: 'the saved cart’s change time, the key of its last merge and when its reminder was queued; its lines are in the copy',
  },
  cart_lines: { in: 'cart (the saved cart’s lines)' },
  exchange_requests: { in: 'exchanges, and the photos under uploads/exchanges/' },
  referral_visits: { in: 'referral.visits (no visitor key, no converted account)' },
  commissions: { in: 'affiliate.commissions (the buyer as a downline number only)' },
  payout_requests: { in: 'affiliate.payout_requests (no staff member)' },
  referral_awards: {
    in: 'referral.awards as the referrer (the member as a downline number only); as the member, the row is the upline’s money',
  },
  staff: { in: 'profile.staff_role' },
  sessions: { in: 'security.sessions (times only; no token hash)' },
  account_tokens: { in: 'security.email_links (no token hash)' },
  account_signals: { in: 'security.signals (kind and dates; the keyed hashes are the shop’s fraud check)' },
  notifications: { in: 'messages.bot (kind and dates)' },
  mail_outbox: { in: 'messages.email (kind, address, dates; not the rendered text)' },
  checkout_sessions: {
    out: 'a card payment page’s technical record (provider session ids, expired URLs); the payment itself is in orders[].payments',
  },
  payment_events: { out: 'the card provider’s notices as received: provider event ids, no data of the customer' },
  audit_log: {
    out: 'the staff’s record of their own actions (names staff members); what they changed is in the rows above',
  },
  stock_movements: {
    out: 'the shop’s stock bookkeeping (a sale or a return by order); the order’s lines are in orders[].lines',
  },
  rate_limits: { out: 'short-lived counters of attempts, deleted when their window ends' },
  data_exports: { out: 'the copies themselves: a copy does not list the copies' },
};
