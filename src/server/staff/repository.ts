import type { Kysely } from 'kysely';
import type { StaffRole } from '../../common/staff-rules';
import type { Db } from '../db/connection';
import { isPostgres } from '../db/dialect';

/** The staff table's SQL. */

export async function findStaffRole(db: Db, userId: number): Promise<StaffRole | null> {
  const row = await db.selectFrom('staff').select('role').where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Staff members with their account's e-mail, name, Telegram link and language. */
function staffMembers(db: Db) {
  return db
    .selectFrom('staff')
    .innerJoin('users', 'users.id', 'staff.user_id')
    .select([
      'staff.user_id',
      'staff.role',
      'staff.notify_telegram',
      'staff.created_at',
      'users.email',
      'users.nickname',
      'users.telegram_user_id',
      'users.language',
    ]);
}

export async function findStaffMember(db: Db, userId: number) {
  return staffMembers(db).where('staff.user_id', '=', userId).executeTakeFirst();
}

export async function listStaff(db: Db) {
  return staffMembers(db).orderBy('staff.created_at').orderBy('staff.user_id').execute();
}

export async function insertStaff(db: Db, userId: number, role: StaffRole, now: string): Promise<void> {
  await db.insertInto('staff').values({ user_id: userId, role, created_at: now, updated_at: now }).execute();
}

export async function updateStaffRole(db: Db, userId: number, role: StaffRole, now: string): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ role, updated_at: now })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteStaff(db: Db, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('staff').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function setNotifyTelegram(db: Db, userId: number, on: boolean, now: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ notify_telegram: on ? 1 : 0, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** Locks the owners' rows (PostgreSQL; SQLite writes one at a time) so two changes cannot both remove "the other" owner. */
export async function lockOwners(db: Db): Promise<number> {
  const rows = await db
    .selectFrom('staff')
    .select('user_id')
    .where('role', '=', 'owner')
    .$if(isPostgres(db as unknown as Kysely<unknown>), (q) => q.forUpdate())
    .execute();
  return rows.length;
}
