import { randomBytes } from 'node:crypto';
import type { OrderStatus } from '../../../src/common/checkout-rules';
import type { PaymentMethodCode } from '../../../src/common/contract/checkout';
import type { Db } from '../../../src/server/db/connection';
import { nowIso } from '../../../src/server/lib/time';

/** A bare order row (no items) of a user: what the bot lists, notifies about and takes payment for. */
export async function insertOrder(
  db: Db,
  userId: number,
  opts: {
    status?: OrderStatus;
    totalCents?: number;
    paymentMethod?: PaymentMethodCode;
    placedAt?: string;
    tracking?: { company: string; number: string; link: string };
  } = {},
) {
  const now = opts.placedAt ?? nowIso();
  const key = randomBytes(6).toString('hex');
  const total = opts.totalCents ?? 2_599;
  return db
    .insertInto('orders')
    .values({
      order_no: `LC${key.toUpperCase()}`,
      user_id: userId,
      status: opts.status ?? 'Pending',
      idempotency_key: key,
      subtotal_cents: total - 500,
      delivery_fee_cents: 500,
      coupon_discount_cents: 0,
      cash_reward_cents: 0,
      total_cents: total,
      shipping_method: 'standard',
      payment_method: opts.paymentMethod ?? 'payment_link',
      receiver_name: 'Mei Chen',
      phone: '+639170000000',
      address: '1 Tea Street',
      city: 'Makati',
      state_name: 'Metro Manila',
      zip: '1200',
      country: 'PH',
      tracking_company: opts.tracking?.company ?? null,
      tracking_number: opts.tracking?.number ?? null,
      tracking_link: opts.tracking?.link ?? null,
      lang: 'en',
      placed_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
