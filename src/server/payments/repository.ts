import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

// The payments table: one row per charge a provider reported.

/**
 * Records a provider's charge for an order unless that charge id is already recorded (providers repeat their
 * notices). Answers whether this call recorded it.
 */
export async function insertPayment(
  db: Db,
  payment: { order_id: number; provider: string; provider_charge_id: string; amount_cents: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payments')
    .values({ ...payment, created_at: nowIso() })
    .onConflict((oc) => oc.column('provider_charge_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
