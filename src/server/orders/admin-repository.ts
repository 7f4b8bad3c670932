import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { OrderStatus } from '../../common/checkout-rules';
import type { PaymentMethodCode } from '../../common/contract/checkout';
import { REFUND_STATES_GIVING_NOTHING } from '../../common/order-workflow';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

// The back office's order reads (docs/decisions/013): the filtered list and export, newest first by (placed_at, id), read as
// index ranges (migration 2026-11-24T01-00-admin-orders-list), and what an order's page shows beyond the order row.

/** What a search asks for; each part that is set is one way to match (any of them matches). */
export interface OrderSearch {
  /** Upper-case start (or whole) of an order number: letters, digits and dashes only. */
  orderNoPrefix?: string;
  /** Lower-case start (or whole) of the customer's e-mail. */
  emailPrefix?: string;
  /** Spellings of one phone number (the account's, or the order's delivery phone). */
  phones?: string[];
}

export interface AdminOrderFilter {
  status?: OrderStatus;
  paymentMethod?: PaymentMethodCode;
  /** placed_at >= this instant (ISO). */
  placedFrom?: string;
  /** placed_at < this instant (ISO). */
  placedBefore?: string;
  search?: OrderSearch;
}

/** A keyset position: the last row of the previous page. */
export interface ListPosition {
  placedAt: string;
  id: number;
}

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders' | 'users', O>;

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const globPrefix = (prefix: string) => `${prefix.replace(/[*?[]/g, (c) => `[${c}]`)}*`;

/**
 * `column` starts with `prefix`, in a form each database answers from an index: PostgreSQL `like` (with the
 * pattern indexes of the migration), SQLite `glob` (case-sensitive, so its plain unique index serves it).
 */
function startsWith(pg: boolean, column: string, prefix: string) {
  return pg
    ? sql<boolean>`${sql.ref(column)} like ${likePrefix(prefix)}`
    : sql<boolean>`${sql.ref(column)} glob ${globPrefix(prefix)}`;
}

function applyFilter<O>(q: OrdersQuery<O>, f: AdminOrderFilter, pg: boolean): OrdersQuery<O> {
  if (f.status) q = q.where('orders.status', '=', f.status);
  if (f.paymentMethod) q = q.where('orders.payment_method', '=', f.paymentMethod);
  if (f.placedFrom) q = q.where('orders.placed_at', '>=', f.placedFrom);
  if (f.placedBefore) q = q.where('orders.placed_at', '<', f.placedBefore);
  const s = f.search;
  if (s) {
    q = q.where((eb) => {
      const any = [];
      if (s.orderNoPrefix) any.push(startsWith(pg, 'orders.order_no', s.orderNoPrefix));
      if (s.emailPrefix) {
        const prefix = s.emailPrefix;
        any.push(
          eb(
            'orders.user_id',
            'in',
            eb
              .selectFrom('users as u')
              .select('u.id')
              .where(() => startsWith(pg, 'u.email', prefix)),
          ),
        );
      }
      if (s.phones?.length) {
        const phones = s.phones;
        any.push(eb('orders.phone', 'in', phones));
        any.push(eb('orders.user_id', 'in', eb.selectFrom('users as p').select('p.id').where('p.phone', 'in', phones)));
      }
      // A search that can match nothing (no part set) matches nothing.
      return any.length ? eb.or(any) : sql<boolean>`1 = 0`;
    });
  }
  return q;
}

/**
 * Rows after `after` in (placed_at desc, id desc). Written as `placed_at <= x and (placed_at < x or id < y)`: the
 * first half is an index range on both databases, so a deep page costs what the first one does.
 */
function applyAfter<O>(q: OrdersQuery<O>, after: ListPosition | undefined): OrdersQuery<O> {
  if (!after) return q;
  return q
    .where('orders.placed_at', '<=', after.placedAt)
    .where((eb) => eb.or([eb('orders.placed_at', '<', after.placedAt), eb('orders.id', '<', after.id)]));
}

const pgOf = (db: Db) => isPostgres(db as unknown as Kysely<unknown>);

/** `q` filtered, `limit` rows after `after`, newest first: the list's and the export's order. */
function filteredPage<O>(
  db: Db,
  q: OrdersQuery<O>,
  filter: AdminOrderFilter,
  after: ListPosition | undefined,
  limit: number,
) {
  return applyAfter(applyFilter(q, filter, pgOf(db)), after)
    .orderBy('orders.placed_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit);
}

/** Sums come back as text (PostgreSQL bigint) or numbers. */
const withMoneyNumbers = <R extends { payments_cents: unknown; refunded_cents: unknown }>(rows: R[]) =>
  rows.map((r) => ({ ...r, payments_cents: Number(r.payments_cents), refunded_cents: Number(r.refunded_cents) }));

type OrderRow = ExpressionBuilder<Database, 'orders' | 'users'>;

/** The provider charges recorded against the order. */
const paymentsSum = (eb: OrderRow) =>
  eb
    .selectFrom('payments')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('payments.amount_cents'), sql<number>`0`).as('s'))
    .whereRef('payments.order_id', '=', 'orders.id');

/** The refunds that gave (or are giving) something back: not one the card provider failed or cancelled. */
const refundsSum = (eb: OrderRow) =>
  eb
    .selectFrom('refunds')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('refunds.amount_cents'), sql<number>`0`).as('s'))
    .whereRef('refunds.order_id', '=', 'orders.id')
    .where((e) =>
      e.or([
        e('refunds.provider_status', 'is', null),
        e('refunds.provider_status', 'not in', REFUND_STATES_GIVING_NOTHING),
      ]),
    );

/** What the refund-owed, refunded and net figures need: the provider charges and refunds recorded. */
const moneyColumns = (eb: OrderRow) => [paymentsSum(eb).as('payments_cents'), refundsSum(eb).as('refunded_cents')];

/** What both the list and the export show of an order and its customer. */
const ORDER_COLUMNS = [
  'orders.id',
  'orders.order_no',
  'orders.status',
  'orders.placed_at',
  'orders.paid_at',
  'users.nickname',
  'users.email',
  'orders.phone',
  'orders.total_cents',
  'orders.payment_method',
  'orders.tracking_number',
] as const;

const ordersWithCustomer = (db: Db) => db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');

/** The list query (exported for the bench's EXPLAIN): `limit` rows after `after`, newest first. */
export function adminOrdersQuery(db: Db, filter: AdminOrderFilter, after: ListPosition | undefined, limit: number) {
  const q = ordersWithCustomer(db).select((eb) => [
    ...ORDER_COLUMNS,
    'orders.user_id',
    'orders.receipt_path',
    'orders.receipt_rejected_at',
    ...moneyColumns(eb),
  ]);
  return filteredPage(db, q, filter, after, limit);
}

export async function listAdminOrders(
  db: Db,
  filter: AdminOrderFilter,
  after: ListPosition | undefined,
  limit: number,
) {
  return withMoneyNumbers(await adminOrdersQuery(db, filter, after, limit).execute());
}

/** The export's batch: every column of the CSV, `limit` rows after `after`. */
export async function exportAdminOrders(
  db: Db,
  filter: AdminOrderFilter,
  after: ListPosition | undefined,
  limit: number,
) {
  const q = ordersWithCustomer(db).select((eb) => [
    ...ORDER_COLUMNS,
    'orders.receiver_name',
    'orders.address',
    'orders.city',
    'orders.state_name',
    'orders.zip',
    'orders.country',
    'orders.subtotal_cents',
    'orders.delivery_fee_cents',
    'orders.coupon_code',
    'orders.coupon_discount_cents',
    'orders.cash_reward_cents',
    'orders.payment_reference',
    'orders.tracking_company',
    ...moneyColumns(eb),
  ]);
  return withMoneyNumbers(await filteredPage(db, q, filter, after, limit).execute());
}

/** The lines of several orders (names in English as ordered), in order then line order. */
export async function linesOfOrders(db: Db, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'name_en', 'variant_name_en', 'quantity', 'frequency_weeks'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

/** The account an order belongs to, as the order page shows it. */
export async function orderCustomer(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nickname', 'email', 'phone', 'telegram_user_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The provider charges recorded for an order (Telegram payments), oldest first. */
export async function orderPayments(db: Db, orderId: number) {
  return db
    .selectFrom('payments')
    .select([
      'provider',
      'provider_charge_id',
      'amount_cents',
      'created_at',
      'status',
      'currency',
      'card_brand',
      'card_last4',
      'refunded_cents',
    ])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The refunds recorded for an order, oldest first, with who recorded each. */
export async function orderRefunds(db: Db, orderId: number) {
  return db
    .selectFrom('refunds')
    .leftJoin('users', 'users.id', 'refunds.recorded_by')
    .select([
      'refunds.id',
      'refunds.amount_cents',
      'refunds.method',
      'refunds.reference',
      'refunds.created_at',
      'refunds.provider_status',
      'refunds.failure_reason',
      'users.email as recorded_by',
    ])
    .where('refunds.order_id', '=', orderId)
    .orderBy('refunds.id')
    .execute();
}
