import type { Kysely } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

// All SQL of back-in-stock alerts (docs/decisions/018).

const alertColumns = ['product_id', 'created_at', 'told_at'] as const;

/**
 * A product as an alert needs it: shown or not, its stored stock state and units on sale. `lock`: PostgreSQL
 * `for share`, so setting an alert and a restock (which updates the product's row) never interleave: the restock
 * either committed first (the alert sees the units and is refused) or waits and then claims the new alert.
 */
export async function findAlertProduct(db: Db, productId: number, { lock = false } = {}) {
  return db
    .selectFrom('products')
    .select(['id', 'is_active', 'stock_state', 'stock_total', 'name_en', 'name_zh'])
    .where('id', '=', productId)
    .$if(lock && isPostgres(db as unknown as Kysely<unknown>), (q) => q.forShare())
    .executeTakeFirst();
}

/** The customer's alert on a product, if set. */
export async function findAlert(db: Db, userId: number, productId: number) {
  return db
    .selectFrom('stock_alerts')
    .select([...alertColumns])
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/**
 * Sets the customer's alert (one per customer and product: the unique key). An alert already waiting is left as it
 * is; one that was told waits again from `now`.
 */
export async function upsertAlert(db: Db, userId: number, productId: number, now: string) {
  await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, product_id: productId, created_at: now, told_at: null })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'product_id'])
        .doUpdateSet({ created_at: now, told_at: null })
        .where('stock_alerts.told_at', 'is not', null),
    )
    .execute();
  return (await findAlert(db, userId, productId))!;
}

/** Cancels the customer's alert on a product (nothing when none is set). */
export async function deleteAlert(db: Db, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

/** The customer's alerts on products in the shop, newest first, with the product's name, image and stock. */
export async function listAlerts(db: Db, userId: number, lang: Lang) {
  return db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select([
      'a.product_id',
      'a.created_at',
      'a.told_at',
      lang === 'zh' ? 'p.name_zh as name' : 'p.name_en as name',
      'p.image',
      'p.stock_state',
      'p.stock_total',
    ])
    .where('a.user_id', '=', userId)
    .where('p.is_active', '=', 1)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Claims the waiting alerts of those of `productIds` that are available (shown, on sale, units on sale): one
 * conditional update (`told_at is null`), so each alert is claimed by exactly one transaction whatever the
 * concurrency. Answers the claimed alerts (none for a product that is not available).
 */
export async function claimAlerts(db: Db, productIds: readonly number[], now: string) {
  if (!productIds.length) return [];
  return db
    .updateTable('stock_alerts')
    .set({ told_at: now })
    .where('product_id', 'in', [...productIds])
    .where('told_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.id', '=', 'stock_alerts.product_id')
          .where('products.is_active', '=', 1)
          .where('products.stock_state', 'in', ['in_stock', 'ready_stock'])
          .where('products.stock_total', '>', 0),
      ),
    )
    .returning(['id', 'user_id', 'product_id'])
    .execute();
}

/** How to reach each customer: linked Telegram user and its switch, e-mail and its switch, language. */
export async function alertContacts(db: Db, userIds: readonly number[]) {
  const rows = [];
  // In chunks: a popular product can have more waiting customers than a statement may bind values.
  for (let at = 0; at < userIds.length; at += 1000) {
    rows.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'email', 'telegram_user_id', 'notify_orders', 'notify_email', 'language'])
        .where('id', 'in', userIds.slice(at, at + 1000))
        .execute()),
    );
  }
  return rows;
}
