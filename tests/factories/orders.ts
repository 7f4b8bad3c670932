import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { OrderStatus } from '../../src/common/checkout-rules';
import type { Db } from '../../src/server/db/connection';
import type { OrderItemsTable, OrdersTable } from '../../src/server/db/schema';
import { nowIso } from '../../src/server/lib/time';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderItemsTable>;

export interface OrderSpec {
  status?: OrderStatus;
  /** When it was completed (default: now, for a Completed order). */
  completedAt?: string | null;
  /** Quantities of its lines, each of a seeded packaging in turn (default one line of 2). */
  lines?: number[];
  lang?: 'en' | 'zh';
  fields?: Partial<Insertable<OrdersTable>>;
}

/**
 * An order of `userId` as it stands after its life so far (Completed unless `status`), written straight to the
 * database with its lines (the seeded shop's first packagings): for tests of what follows an order, such as exchanges.
 */
export async function createOrder(
  db: Db,
  userId: number,
  spec: OrderSpec = {},
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const status = spec.status ?? 'Completed';
  const quantities = spec.lines ?? [2];
  const variants = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.product_id',
      'v.price_cents',
      'p.name_en',
      'p.name_zh',
      'v.name_en as v_en',
      'v.name_zh as v_zh',
    ])
    .orderBy('v.id')
    .limit(quantities.length)
    .execute();
  if (variants.length < quantities.length) throw new Error('createOrder: not enough packagings (seed the demo shop)');
  const id = randomBytes(6).toString('hex');
  const now = nowIso();
  const lines = quantities.map((quantity, i) => {
    const v = variants[i]!;
    return { v, quantity, total: v.price_cents * quantity };
  });
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const completedAt = status === 'Completed' ? (spec.completedAt === undefined ? now : spec.completedAt) : null;
  const order = await db
    .insertInto('orders')
    .values({
      order_no: `T${id.toUpperCase()}`,
      user_id: userId,
      status,
      idempotency_key: id,
      subtotal_cents: subtotal,
      delivery_fee_cents: 0,
      coupon_discount_cents: 0,
      cash_reward_cents: 0,
      total_cents: subtotal,
      shipping_method: 'standard',
      payment_method: 'bank_transfer',
      receiver_name: 'Maria Santos',
      phone: '+639171234567',
      address: '12 Jupiter Street',
      city: 'Makati',
      state_name: 'Metro Manila',
      zip: '1209',
      country: 'PH',
      lang: spec.lang ?? 'en',
      placed_at: now,
      paid_at: status === 'Pending' || status === 'Cancelled' ? null : now,
      completed_at: completedAt,
      updated_at: now,
      ...spec.fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('order_items')
    .values(
      lines.map(({ v, quantity, total }) => ({
        order_id: order.id,
        product_id: v.product_id,
        variant_id: v.id,
        name_en: v.name_en,
        name_zh: v.name_zh,
        variant_name_en: v.v_en,
        variant_name_zh: v.v_zh,
        image: '',
        quantity,
        unit_price_cents: v.price_cents,
        line_total_cents: total,
        frequency_weeks: 0,
      })),
    )
    .returningAll()
    .execute();
  return { order, lines: inserted.sort((a, b) => a.id - b.id) };
}
