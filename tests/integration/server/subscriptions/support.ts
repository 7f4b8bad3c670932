import type { Db } from '../../../../src/server/db/connection';
import { addDays, nowIso } from '../../../../src/server/lib/time';
import { createProduct, type ProductSpec } from '../../../factories/products';
import type { TestApp } from '../../helper';
import { type Customer, placeOrder } from '../orders/support';

export interface Subscribed {
  productId: number;
  variantId: number;
  subscriptionId: number;
  orderId: number;
}

/**
 * A subscribable product ordered by `c` every `weeks` weeks (bank transfer with reference and receipt, as the
 * checkout does): answers the product, packaging, the subscription the order started and the order.
 */
export async function subscribe(
  t: TestApp,
  c: Customer,
  opts: { weeks?: number; quantity?: number; product?: ProductSpec; paymentMethod?: string } = {},
): Promise<Subscribed> {
  const { product, variants } = await createProduct(t.db, {
    price: 2000,
    stock: 50,
    subscribable: true,
    ...opts.product,
  });
  const variantId = variants[0]!.id;
  const res = await placeOrder(t.app, c, {
    items: [
      { product_id: product.id, variant_id: variantId, quantity: opts.quantity ?? 2, frequency_weeks: opts.weeks ?? 4 },
    ],
    payment_method: opts.paymentMethod ?? 'bank_transfer',
  });
  if (res.status !== 200) throw new Error(`subscribe: placing the order answered ${res.status} ${res.body.message}`);
  const sub = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('user_id', '=', c.userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirstOrThrow();
  return { productId: product.id, variantId, subscriptionId: sub.id, orderId: res.body.data.order.id };
}

/** Makes a subscription due: its next delivery `daysAgo` days in the past. Answers the due date. */
export async function makeDue(db: Db, subscriptionId: number, daysAgo = 1): Promise<string> {
  const due = addDays(nowIso(), -daysAgo);
  await db.updateTable('subscriptions').set({ next_due_at: due }).where('id', '=', subscriptionId).execute();
  return due;
}

export const subscriptionRow = (db: Db, id: number) =>
  db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const ordersOf = (db: Db, subscriptionId: number) =>
  db.selectFrom('orders').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();

export const stockOf = async (db: Db, variantId: number) =>
  (await db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock;
