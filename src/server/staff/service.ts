import { normalizeEmail } from '../../common/account-rules';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../common/staff-rules';
import { accountByEmail } from '../accounts/service';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, invalidField, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import * as repo from './repository';

/**
 * The shop's staff (docs/decisions/013): who works in the back office, with which role. Owners manage staff
 * from the back office; the command line (`add-staff`, `remove-staff`) makes the first owner. The shop always
 * keeps at least one owner. Every change is in the audit log.
 */

export interface StaffMember {
  user_id: number;
  email: string;
  nickname: string;
  role: StaffRole;
  notify_telegram: boolean;
  telegram_linked: boolean;
  language: string;
  created_at: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findStaffMember>>>;
const toMember = (row: Row): StaffMember => ({
  user_id: row.user_id,
  email: row.email,
  nickname: row.nickname,
  role: row.role,
  notify_telegram: row.notify_telegram === 1,
  telegram_linked: row.telegram_user_id !== null,
  language: row.language,
  created_at: row.created_at,
});

/** A staff member's role, or null for a customer. */
export const staffRole = (db: Db, userId: number): Promise<StaffRole | null> => repo.findStaffRole(db, userId);

export async function staffMember(db: Db, userId: number): Promise<StaffMember | null> {
  const row = await repo.findStaffMember(db, userId);
  return row ? toMember(row) : null;
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await repo.listStaff(db)).map(toMember);
}

function checkRole(role: string): StaffRole {
  if (!isStaffRole(role)) throw invalidField('role', 'staffRoleUnknown', { roles: STAFF_ROLES.join(', ') });
  return role;
}

/**
 * Makes an existing account staff with `role`; an account that is staff already has its role changed.
 * 404 at `email` when no account has that address.
 */
export async function addStaff(db: Db, actor: StaffActor, email: string, role: string): Promise<StaffMember> {
  const wanted = checkRole(role);
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const user = await accountByEmail(trx, normalizeEmail(email));
      if (!user) throw notFound('staffAccountNotFound', 'email');
      const before = await repo.findStaffMember(trx, user.id);
      const now = nowIso();
      if (before) {
        if (before.role !== wanted) await changeRoleIn(trx, actor, user.id, before.role, wanted, now);
      } else {
        await repo.insertStaff(trx, user.id, wanted, now);
        await recordAudit(
          trx,
          actor,
          { action: 'staff.add', entity: 'staff', entityId: user.id, after: { email: user.email, role: wanted } },
          now,
        );
      }
      return toMember((await repo.findStaffMember(trx, user.id))!);
    }),
  );
}

async function changeRoleIn(trx: Db, actor: StaffActor, userId: number, from: StaffRole, to: StaffRole, now: string) {
  if (from === 'owner' && to !== 'owner' && (await repo.lockOwners(trx)) <= 1) throw conflict('staffLastOwner');
  await repo.updateStaffRole(trx, userId, to, now);
  await recordAudit(
    trx,
    actor,
    { action: 'staff.role', entity: 'staff', entityId: userId, before: { role: from }, after: { role: to } },
    now,
  );
}

/** Changes a staff member's role (404 when not staff; 409 when it would leave the shop without an owner). */
export async function changeStaffRole(db: Db, actor: StaffActor, userId: number, role: string): Promise<StaffMember> {
  const wanted = checkRole(role);
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await repo.findStaffMember(trx, userId);
      if (!before) throw notFound('staffNotFound');
      if (before.role !== wanted) await changeRoleIn(trx, actor, userId, before.role, wanted, nowIso());
      return toMember((await repo.findStaffMember(trx, userId))!);
    }),
  );
}

/** Takes an account out of the staff (it stays a customer account). 409 for the last owner. */
export async function removeStaff(db: Db, actor: StaffActor, userId: number): Promise<void> {
  await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await repo.findStaffMember(trx, userId);
      if (!before) throw notFound('staffNotFound');
      if (before.role === 'owner' && (await repo.lockOwners(trx)) <= 1) throw conflict('staffLastOwner');
      await repo.deleteStaff(trx, userId);
      await recordAudit(trx, actor, {
        action: 'staff.remove',
        entity: 'staff',
        entityId: userId,
        before: { email: before.email, role: before.role },
      });
    }),
  );
}

/** The user id of an account by e-mail (404 at `email` when none). */
export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const user = await accountByEmail(db, normalizeEmail(email));
  if (!user) throw notFound('staffAccountNotFound', 'email');
  return user.id;
}

/** A staff member's own switch for the bot's staff alerts. */
export async function setStaffNotifications(db: Db, userId: number, on: boolean): Promise<void> {
  await repo.setNotifyTelegram(db, userId, on, nowIso());
}
