import type { Db } from '../db/connection';

/**
 * The customer's own rows, read for their copy (docs/decisions/051). The one place outside their domains that reads
 * these tables, read-only: a copy of "everything the shop holds about me" is defined by the tables, and one reader
 * keeps the copy consistent with the schema (tests/unit/server/data-export-coverage.test.ts fails when a table that
 * references a customer is neither read here nor listed as left out in ./coverage.ts). Columns are named one by one:
 * a secret (a password or token hash, a provider's reference) or another person's data never comes in by a
 * `selectAll`. Rows of other customers are never read, except the join dates of the customer's downlines.
 */

export async function profile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'nickname',
      'email',
      'phone',
      'email_confirmed_at',
      'language',
      'referral_code',
      'joined_via',
      'remark',
      'is_agent',
      'commission_rate_bp',
      'cash_balance_cents',
      'notify_orders',
      'notify_email',
      'telegram_user_id',
      'telegram_username',
      'telegram_name',
      'bank_name',
      'bank_account_name',
      'bank_account_number',
      'bank_changed_at',
      'upline_id',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export const staffRole = (db: Db, userId: number) =>
  db.selectFrom('staff').select(['role', 'created_at']).where('user_id', '=', userId).executeTakeFirst();

export const addresses = (db: Db, userId: number) =>
  db
    .selectFrom('addresses as a')
    .leftJoin('states as s', 's.id', 'a.state_id')
    .select([
      'a.id',
      'a.receiver_name',
      'a.phone',
      'a.address',
      'a.city',
      's.name_en as state',
      'a.zip',
      'a.company',
      'a.country',
      'a.is_default',
      'a.created_at',
      'a.updated_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();

export const orders = (db: Db, userId: number) =>
  db
    .selectFrom('orders')
    .select([
      'id',
      'order_no',
      'status',
      'subtotal_cents',
      'delivery_fee_cents',
      'coupon_code',
      'coupon_discount_cents',
      'cash_reward_cents',
      'total_cents',
      'shipping_method',
      'payment_method',
      'payment_reference',
      'receipt_path',
      'receipt_rejected_reason',
      'receipt_rejected_at',
      'receiver_name',
      'phone',
      'address',
      'city',
      'state_name',
      'zip',
      'company',
      'country',
      'tracking_company',
      'tracking_number',
      'tracking_link',
      'subscription_id',
      'save_card_consent_at',
      'lang',
      'placed_at',
      'paid_at',
      'completed_at',
      'cancelled_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const orderLines = (db: Db, userId: number) =>
  db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id',
      'i.order_id',
      'i.product_id',
      'i.name_en',
      'i.name_zh',
      'i.variant_name_en',
      'i.variant_name_zh',
      'i.quantity',
      'i.unit_price_cents',
      'i.line_total_cents',
      'i.frequency_weeks',
    ])
    .where('o.user_id', '=', userId)
    .orderBy('i.id')
    .execute();

export const payments = (db: Db, userId: number) =>
  db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'p.order_id',
      'p.provider',
      'p.amount_cents',
      'p.currency',
      'p.status',
      'p.card_brand',
      'p.card_last4',
      'p.refunded_cents',
      'p.created_at',
    ])
    .where('o.user_id', '=', userId)
    .orderBy('p.id')
    .execute();

export const refunds = (db: Db, userId: number) =>
  db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.order_id', 'r.amount_cents', 'r.method', 'r.reference', 'r.provider_status', 'r.created_at'])
    .where('o.user_id', '=', userId)
    .orderBy('r.id')
    .execute();

export const orderEvents = (db: Db, userId: number) =>
  db
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.order_id', 'e.kind', 'e.actor', 'e.created_at'])
    .where('o.user_id', '=', userId)
    .orderBy('e.id')
    .execute();

export const renewalCharges = (db: Db, userId: number) =>
  db
    .selectFrom('renewal_charges as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.order_id', 'c.subscription_id', 'c.attempt', 'c.status', 'c.failure_kind', 'c.created_at'])
    .where('o.user_id', '=', userId)
    .orderBy('c.id')
    .execute();

export const couponsUsed = (db: Db, userId: number) =>
  db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
    .select(['c.code', 'r.order_id', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.id')
    .execute();

export const couponsApplied = (db: Db, userId: number) =>
  db
    .selectFrom('coupon_applications as a')
    .innerJoin('coupons as c', 'c.id', 'a.coupon_id')
    .select(['c.code', 'a.created_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();

export const reviews = (db: Db, userId: number) =>
  db
    .selectFrom('reviews as r')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'r.id',
      'r.product_id',
      'p.name_en as product',
      'r.order_id',
      'r.nickname',
      'r.rating',
      'r.title',
      'r.description',
      'r.created_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.id')
    .execute();

export const cashRewards = (db: Db, userId: number) =>
  db
    .selectFrom('cash_rewards')
    .select(['id', 'order_id', 'type', 'spend_cents', 'amount_cents', 'balance_after_cents', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const cashRewardHold = (db: Db, userId: number) =>
  db
    .selectFrom('cash_reward_holds')
    .select(['amount_cents', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const subscriptions = (db: Db, userId: number) =>
  db
    .selectFrom('subscriptions as s')
    .leftJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_variants as v', 'v.id', 's.variant_id')
    .select([
      's.id',
      's.product_id',
      'p.name_en as product',
      'v.name_en as packaging',
      's.quantity',
      's.frequency_weeks',
      's.address_id',
      's.shipping_method',
      's.payment_method',
      's.status',
      's.next_due_at',
      's.origin_order_id',
      's.saved_card_id',
      's.renewal_failure',
      's.created_at',
      's.updated_at',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.id')
    .execute();

export const savedCards = (db: Db, userId: number) =>
  db
    .selectFrom('saved_cards')
    .select(['id', 'provider', 'brand', 'last4', 'created_at', 'removed_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const stockAlerts = (db: Db, userId: number) =>
  db
    .selectFrom('stock_alerts as a')
    .leftJoin('products as p', 'p.id', 'a.product_id')
    .select(['a.product_id', 'p.name_en as product', 'a.created_at', 'a.told_at'])
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();

export const cartLines = (db: Db, userId: number) =>
  db
    .selectFrom('cart_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.product_id', 'p.name_en as product', 'l.variant_id', 'l.frequency_weeks', 'l.quantity', 'l.updated_at'])
    .where('l.user_id', '=', userId)
    .orderBy('l.position')
    .execute();

export const exchanges = (db: Db, userId: number) =>
  db
    .selectFrom('exchange_requests')
    .select([
      'id',
      'order_id',
      'order_item_id',
      'quantity',
      'reason',
      'note',
      'photo_key',
      'status',
      'answer',
      'decided_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const referralVisits = (db: Db, userId: number) =>
  db
    .selectFrom('referral_visits')
    .select(['id', 'link', 'origin', 'converted', 'converted_at', 'created_at'])
    .where('referrer_id', '=', userId)
    .orderBy('id')
    .execute();

/** The customer's downlines: when each joined and how, and nothing else of them (another customer's data). */
export const downlines = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'created_at', 'joined_via'])
    .where('upline_id', '=', userId)
    .orderBy('id')
    .execute();

export const commissions = (db: Db, userId: number) =>
  db
    .selectFrom('commissions')
    .select(['id', 'downline_id', 'amount_cents', 'rate_bp', 'status', 'created_at', 'updated_at'])
    .where('agent_id', '=', userId)
    .orderBy('id')
    .execute();

export const payoutRequests = (db: Db, userId: number) =>
  db
    .selectFrom('payout_requests')
    .select([
      'id',
      'amount_cents',
      'status',
      'requested_at',
      'paid_at',
      'reference',
      'reject_reason',
      'decided_at',
      'bank_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .where('agent_id', '=', userId)
    .orderBy('id')
    .execute();

export const referralAwards = (db: Db, userId: number) =>
  db
    .selectFrom('referral_awards')
    .select(['member_id', 'amount_cents', 'status', 'created_at', 'decided_at'])
    .where('referrer_id', '=', userId)
    .orderBy('created_at')
    .execute();

export const sessions = (db: Db, userId: number) =>
  db
    .selectFrom('sessions')
    .select(['created_at', 'last_used_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const emailLinks = (db: Db, userId: number) =>
  db
    .selectFrom('account_tokens')
    .select(['purpose', 'email', 'created_at', 'expires_at', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const signals = (db: Db, userId: number) =>
  db
    .selectFrom('account_signals')
    .select(['kind', 'first_seen_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('first_seen_at')
    .execute();

export const botMessages = (db: Db, userId: number) =>
  db
    .selectFrom('notifications')
    .select(['kind', 'order_id', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const emails = (db: Db, userId: number) =>
  db
    .selectFrom('mail_outbox')
    .select(['kind', 'to_address', 'order_id', 'status', 'created_at', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
