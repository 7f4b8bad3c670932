import type { Db } from '../db/connection';

// The retention job's SQL (retention.ts, docs/decisions/050).

/**
 * Erases the delivery's personal fields of up to `limit` orders closed (completed, or cancelled) before `cutoff`
 * and not yet erased, oldest first; answers how many. The select and the update name the same conditions, so a
 * row erased meanwhile (by a deletion, or another round) is not written twice.
 */
export async function eraseOldDeliveries(
  db: Db,
  closedColumn: 'completed_at' | 'cancelled_at',
  cutoff: string,
  at: string,
  limit: number,
): Promise<number> {
  const status = closedColumn === 'completed_at' ? 'Completed' : 'Cancelled';
  const ids = await db
    .selectFrom('orders')
    .select('id')
    .where('address_erased_at', 'is', null)
    .where(closedColumn, '<', cutoff)
    .where('status', '=', status)
    .orderBy(closedColumn)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (!ids.length) return 0;
  const result = await db
    .updateTable('orders')
    .set({ receiver_name: '', phone: '', address: '', zip: '', company: null, address_erased_at: at })
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .where('address_erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Forgets who made referral visits older than `cutoff` that did not convert: the visitor key (a browser's id, a hash
 * of its address and browser, or a Telegram id) is cleared; the visit still counts in its referrer's figures.
 */
export async function forgetOldVisitors(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .updateTable('referral_visits')
    .set({ visitor_key: null })
    .where('visitor_key', 'is not', null)
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
