import { sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import { REFUND_STATES_GIVING_NOTHING } from '../../common/order-workflow';
import type { Db } from '../db/connection';

/**
 * The dashboard's SQL (docs/decisions/013): counts of what needs doing, the low-stock list and the revenue per shop
 * day. Each query reads an index range: orders by status (`orders_status_placed_idx`) or by `paid_at`
 * (`orders_paid_at_idx`), packagings by stock (`product_variants_stock_idx`). Counts come back as text on PostgreSQL:
 * read with Number().
 */

/** Pending bank-transfer orders whose receipt was sent and not rejected (a rejection clears it until a new one). */
export async function countReceiptsToCheck(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'Pending')
    .where('payment_method', '=', 'bank_transfer')
    .where('receipt_path', 'is not', null)
    .where('receipt_rejected_reason', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders paid and waiting to be packed (status Paid). */
export async function countPaidToPack(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'Paid')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Agents' payout requests waiting for a decision (neither paid nor rejected: `payout_requests_status_idx`). */
export async function countPayoutRequestsWaiting(db: Db): Promise<number> {
  const row = await db
    .selectFrom('payout_requests')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders whose payment needs a person (orders.payment_attention, docs/decisions/040): how many, and the `limit` most
 * recently flagged, from the partial index of flagged orders.
 */
export async function paymentsNeedingAttention(db: Db, limit: number) {
  const base = db.selectFrom('orders').where('payment_attention', 'is not', null);
  const [count, items] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .select(['order_no', 'payment_attention', 'status', 'total_cents', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(count.n),
    items: items.map((r) => ({
      order_no: r.order_no,
      attention: r.payment_attention!,
      status: r.status,
      total_cents: Number(r.total_cents),
      flagged_at: r.updated_at,
    })),
  };
}

/** The highest low-stock threshold any product sets (null: none sets one). */
async function highestProductThreshold(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('low_stock_threshold').as('n'))
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? null : Number(row.n);
}

/**
 * Packagings of active products at or below their product's threshold (else `defaultThreshold`): how many, and the
 * `limit` lowest (stock ascending, then packaging id). The range `stock <= highest threshold` is read from the stock
 * index; the exact per-product test is applied to that range only.
 */
export async function lowStock(db: Db, lang: Lang, defaultThreshold: number, limit: number) {
  const highest = Math.max(defaultThreshold, (await highestProductThreshold(db)) ?? 0);
  const threshold = sql<number>`coalesce(p.low_stock_threshold, ${defaultThreshold})`;
  const base = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('v.stock', '<=', highest)
    .where('v.is_retired', '=', 0)
    .where('p.is_active', '=', 1)
    .where(sql<boolean>`v.stock <= ${threshold}`);
  const [count, items] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'p.id as product_id',
        'v.id as packaging_id',
        lang === 'zh' ? 'p.name_zh as product_name' : 'p.name_en as product_name',
        lang === 'zh' ? 'v.name_zh as packaging_name' : 'v.name_en as packaging_name',
        'v.stock',
        threshold.as('threshold'),
      ])
      .orderBy('v.stock')
      .orderBy('v.id')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(count.n),
    items: items.map((r) => ({ ...r, stock: Number(r.stock), threshold: Number(r.threshold) })),
  };
}

/**
 * What was refunded of the order `o` against its total: refunds given or on their way back (not one the card provider
 * failed or cancelled), except the automatic refund of a payment the order never wanted (a second payment: its money
 * was never in the total). docs/decisions/040.
 */
const refundedOfTotal = sql<number>`coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id
  and r.idempotency_key is null
  and (r.provider_status is null or r.provider_status not in (${sql.join(REFUND_STATES_GIVING_NOTHING.map((s) => sql.lit(s)))}))), 0)`;

/**
 * Revenue net of refunds and order count per shop day: orders paid within `[days[0].start, last day's end)` and not
 * cancelled, bucketed by the day their `paid_at` falls in (the days' bounds are UTC ISO text, like `paid_at`, so the
 * bucket is a text comparison and the whole window one range of `orders_paid_at_idx`, which also holds status and
 * total). A refund counts against its order's day, whenever it was made (docs/decisions/040). Returns one entry per
 * day index that had orders.
 */
export function revenueByDayQuery(db: Db, days: ReadonlyArray<{ start: string; end: string }>) {
  const first = days[0]!.start;
  const last = days[days.length - 1]!.end;
  // case when paid_at < end(day 0) then 0 when paid_at < end(day 1) then 1 … else n-1 end
  const bucket =
    days.length === 1
      ? sql<number>`0`
      : sql<number>`case ${sql.join(
          days.slice(0, -1).map((d, i) => sql`when o.paid_at < ${d.end} then ${sql.lit(i)}`),
          sql` `,
        )} else ${sql.lit(days.length - 1)} end`;
  return db
    .selectFrom('orders as o')
    .select([
      bucket.as('bucket'),
      sql<number>`sum(o.total_cents - ${refundedOfTotal})`.as('revenue_cents'),
      sql<number>`count(*)`.as('orders'),
    ])
    .where('o.paid_at', '>=', first)
    .where('o.paid_at', '<', last)
    .where('o.status', '!=', 'Cancelled')
    .groupBy(sql`bucket`);
}

export async function revenueByDay(
  db: Db,
  days: ReadonlyArray<{ start: string; end: string }>,
): Promise<Array<{ day: number; revenue_cents: number; orders: number }>> {
  if (days.length === 0) return [];
  const rows = await revenueByDayQuery(db, days).execute();
  return rows.map((r) => ({ day: Number(r.bucket), revenue_cents: Number(r.revenue_cents), orders: Number(r.orders) }));
}
