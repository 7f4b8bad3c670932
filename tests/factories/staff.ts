import type { StaffRole } from '../../src/common/staff-rules';
import type { Db } from '../../src/server/db/connection';
import type { NewUser } from '../../src/server/db/schema';
import { nowIso } from '../../src/server/lib/time';
import { type CreatedUser, createUser } from './users';

/** A shop account on the staff with `role`, with a live session (`token`). */
export async function createStaff(
  db: Db,
  role: StaffRole,
  overrides: Partial<Omit<NewUser, 'password_hash'>> & { password?: string } = {},
): Promise<CreatedUser & { role: StaffRole }> {
  const created = await createUser(db, overrides);
  const now = nowIso();
  await db.insertInto('staff').values({ user_id: created.user.id, role, created_at: now, updated_at: now }).execute();
  return { ...created, role };
}

/** One account per role plus a customer: what every admin path's role test needs. */
export async function staffCrew(db: Db) {
  const [owner, manager, fulfilment, customer] = await Promise.all([
    createStaff(db, 'owner'),
    createStaff(db, 'manager'),
    createStaff(db, 'fulfilment'),
    createUser(db),
  ]);
  return { owner, manager, fulfilment, customer };
}
