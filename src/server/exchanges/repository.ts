import type { Insertable } from 'kysely';
import type { ExchangeStatus } from '../../common/exchange-rules';
import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';
import type { ExchangeRequestsTable } from '../db/schema';

// Exchange requests (docs/decisions/020): all their SQL. Every function takes the database or a transaction.

/** A request with its line's names and quantity, its order's number and customer, and who decided. */
function requestsWithLines(db: Db) {
  return db
    .selectFrom('exchange_requests as x')
    .innerJoin('order_items as i', 'i.id', 'x.order_item_id')
    .innerJoin('orders as o', 'o.id', 'x.order_id')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .leftJoin('users as d', 'd.id', 'x.decided_by')
    .select([
      'x.id',
      'x.order_id',
      'x.order_item_id',
      'x.user_id',
      'x.quantity',
      'x.reason',
      'x.note',
      'x.photo_key',
      'x.status',
      'x.answer',
      'x.decided_at',
      'x.created_at',
      'i.name_en',
      'i.name_zh',
      'i.variant_name_en',
      'i.variant_name_zh',
      'i.quantity as line_quantity',
      'o.order_no',
      'o.lang as order_lang',
      'u.nickname',
      'u.email',
      'd.email as decided_by_email',
    ]);
}
export type ExchangeRow = Awaited<ReturnType<typeof findRequest>> & {};

export async function findRequest(db: Db, id: number) {
  return requestsWithLines(db).where('x.id', '=', id).executeTakeFirst();
}

/** An order's requests, in the order's line order. */
export async function orderRequests(db: Db, orderId: number) {
  return requestsWithLines(db).where('x.order_id', '=', orderId).orderBy('x.order_item_id').execute();
}

/** The back office's list: newest first, keyset-paged by id (one row more than `limit`). */
export async function listRequests(
  db: Db,
  filter: { status?: ExchangeStatus; orderId?: number; before?: number; limit: number },
) {
  return requestsWithLines(db)
    .$if(filter.status !== undefined, (q) => q.where('x.status', '=', filter.status!))
    .$if(filter.orderId !== undefined, (q) => q.where('x.order_id', '=', filter.orderId!))
    .$call(newestBelow('x.id', filter.before, filter.limit))
    .execute();
}

/** An order's line, when it belongs to the order. */
export async function findOrderLine(db: Db, orderId: number, itemId: number) {
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('id', '=', itemId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** An order's line ids, in order. */
export async function orderLineIds(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('order_items').select('id').where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** A request's photo and its customer. */
export async function findPhoto(db: Db, id: number) {
  return db.selectFrom('exchange_requests').select(['photo_key', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** Whether an order line already has a request (one per line, ever). */
export async function hasRequestForLine(db: Db, orderItemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('exchange_requests')
    .select('id')
    .where('order_item_id', '=', orderItemId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a request (unique per line: a second one for the same line fails with a unique violation). */
export async function insertRequest(db: Db, row: Insertable<ExchangeRequestsTable>): Promise<number> {
  const inserted = await db.insertInto('exchange_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Decides an open request; answers false when it was not open any more (another decision won). */
export async function decideRequest(
  db: Db,
  id: number,
  decision: { status: Exclude<ExchangeStatus, 'requested'>; answer: string; decidedBy: number | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('exchange_requests')
    .set({ status: decision.status, answer: decision.answer, decided_by: decision.decidedBy, decided_at: decision.now })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many requests wait for staff (the dashboard's to-do). */
export async function openRequestCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('exchange_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'requested')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
