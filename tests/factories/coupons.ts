import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../src/server/db/connection';
import type { CouponsTable } from '../../src/server/db/schema';
import { nowIso } from '../../src/server/lib/time';

export type Coupon = Selectable<CouponsTable>;

/** Inserts a coupon: by default 10% off, no minimum, no dates, no limits, active. */
export async function createCoupon(db: Db, overrides: Partial<Insertable<CouponsTable>> = {}): Promise<Coupon> {
  return db
    .insertInto('coupons')
    .values({
      code: `TEST${randomBytes(3).toString('hex').toUpperCase()}`,
      kind: 'percent',
      value: 10,
      min_spend_cents: 0,
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      per_user_limit: null,
      created_at: nowIso(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
