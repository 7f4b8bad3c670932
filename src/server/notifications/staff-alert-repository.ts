import type { StaffRole } from '../../common/staff-rules';
import type { Db } from '../db/connection';

/** The SQL of the bot's staff alerts (staff-alerts.ts): who hears them, and what the low-stock alert needs. */

/**
 * Staff members who get the bot's alerts now: alerts switched on (`staff.notify_telegram`), linked to Telegram, and
 * of one of `roles`. Customers are never on the staff table, so they are never here.
 */
export async function staffAlertRecipients(db: Db, roles: readonly StaffRole[]): Promise<number[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('staff')
    .innerJoin('users', 'users.id', 'staff.user_id')
    .select('staff.user_id')
    .where('staff.notify_telegram', '=', 1)
    .where('users.telegram_user_id', 'is not', null)
    .where('staff.role', 'in', [...roles])
    .orderBy('staff.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * The packagings' stock now, with their names, their product's names and its own low-stock threshold. Packagings on
 * sale only: a retired one is never sold again, so its stock (0 once retiring took it out) is never "low".
 */
export async function packagingsWithStock(db: Db, packagingIds: readonly number[]) {
  if (packagingIds.length === 0) return [];
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.product_id',
      'v.stock',
      'v.name_en as packaging_en',
      'v.name_zh as packaging_zh',
      'p.name_en as product_en',
      'p.name_zh as product_zh',
      'p.low_stock_threshold',
    ])
    .where('v.id', 'in', [...packagingIds])
    .where('v.is_retired', '=', 0)
    .orderBy('v.id')
    .execute();
}
