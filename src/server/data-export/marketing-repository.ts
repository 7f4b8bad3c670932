import type { Db } from '../db/connection';

// What a copy of a customer's data says about marketing messages (docs/decisions/056, docs/decisions/051).

/** Every choice about marketing messages, oldest first: the last one stands. */
export const marketingChoices = (db: Db, userId: number) =>
  db
    .selectFrom('marketing_consents')
    .select(['granted', 'source', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** The order lines told "Running low?". */
export const reorderReminders = (db: Db, userId: number) =>
  db
    .selectFrom('reorder_reminders as r')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.order_item_id', 'r.product_id', 'p.name_en as product', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.order_item_id')
    .execute();
