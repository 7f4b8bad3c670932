import type { OrderStatus } from '../../common/checkout-rules';
import type { Db } from '../db/connection';

// The operator's SQL: the lists the command line prints and the rows it looks up before acting.

/** Orders with their customer's e-mail, newest first, optionally of one status. */
export async function listOrders(db: Db, opts: { status?: OrderStatus; limit: number }) {
  let q = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.order_no',
      'orders.status',
      'orders.placed_at',
      'users.email',
      'orders.total_cents',
      'orders.payment_method',
      'orders.payment_reference',
      'orders.receipt_path',
      'orders.tracking_number',
    ])
    .orderBy('orders.placed_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(opts.limit);
  if (opts.status) q = q.where('orders.status', '=', opts.status);
  return q.execute();
}

/** The order numbers of some orders. */
export async function orderNos(db: Db, orderIds: number[]): Promise<string[]> {
  if (!orderIds.length) return [];
  const rows = await db.selectFrom('orders').select('order_no').where('id', 'in', orderIds).execute();
  return rows.map((r) => r.order_no);
}

// The JSON catalogue import's reads (catalogue.ts; its writes are the catalogue's: catalog/upsert-service.ts).

/** A product's packagings (`product_variants`), in their order of creation. */
export async function productPackagings(db: Db, productId: number) {
  return db
    .selectFrom('product_variants')
    .select(['id', 'name_en', 'stock'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}

/** Whether an order item, a subscription or the stock history refers to the packaging (it must then stay). */
export async function isPackagingReferenced(db: Db, id: number): Promise<boolean> {
  const used =
    (await db.selectFrom('order_items').select('id').where('variant_id', '=', id).limit(1).executeTakeFirst()) ??
    (await db.selectFrom('subscriptions').select('id').where('variant_id', '=', id).limit(1).executeTakeFirst()) ??
    (await db.selectFrom('stock_movements').select('id').where('packaging_id', '=', id).limit(1).executeTakeFirst());
  return used !== undefined;
}
