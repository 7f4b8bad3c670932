import { randomBytes } from 'node:crypto';
import type { OrderStatus } from '../../../../src/common/checkout-rules';
import type { CommissionStatus } from '../../../../src/common/contract/referral';
import type { Db } from '../../../../src/server/db/connection';
import { nowIso } from '../../../../src/server/lib/time';

/** A bare order row for a user (no items): what commissions and referral awards look at. */
export async function insertOrder(
  db: Db,
  userId: number,
  opts: { status?: OrderStatus; subtotalCents?: number; couponDiscountCents?: number; deliveryFeeCents?: number } = {},
) {
  const now = nowIso();
  const subtotal = opts.subtotalCents ?? 10_000;
  const coupon = opts.couponDiscountCents ?? 0;
  const delivery = opts.deliveryFeeCents ?? 500;
  const key = randomBytes(6).toString('hex');
  return db
    .insertInto('orders')
    .values({
      order_no: `LC-${key.toUpperCase()}`,
      user_id: userId,
      status: opts.status ?? 'Pending',
      idempotency_key: key,
      subtotal_cents: subtotal,
      delivery_fee_cents: delivery,
      coupon_discount_cents: coupon,
      cash_reward_cents: 0,
      lang: 'en',
      total_cents: subtotal - coupon + delivery,
      shipping_method: 'standard',
      payment_method: 'bank_transfer',
      receiver_name: 'Receiver',
      phone: '+639170000000',
      address: '1 Tea Street',
      city: 'Makati',
      state_name: 'Metro Manila',
      zip: '1200',
      country: 'PH',
      placed_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A commission row as the commission service would store it (for list and balance tests). */
export async function insertCommission(
  db: Db,
  row: { agentId: number; downlineId: number; amountCents: number; status: CommissionStatus; rateBp?: number },
) {
  const order = await insertOrder(db, row.downlineId, { subtotalCents: row.amountCents * 10 });
  const now = nowIso();
  return db
    .insertInto('commissions')
    .values({
      agent_id: row.agentId,
      order_id: order.id,
      downline_id: row.downlineId,
      amount_cents: row.amountCents,
      rate_bp: row.rateBp ?? 1000,
      status: row.status,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
