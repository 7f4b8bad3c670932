import type { Insertable } from 'kysely';
import type { Db } from '../db/connection';
import { newestBelow } from '../db/keyset';
import type { AuditLogTable } from '../db/schema';

/** The audit log's SQL. */

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/**
 * Audit entries newest first (by id), a keyset page of `limit` below `before` (db/keyset.ts). `actor`: a staff member's user id, or
 * 'cli' for the command line; `actionPrefix` ('order.', 'staff.', …) is read as a range of `action`
 * (index audit_log_action_idx); `orderNo` exact.
 */
export async function listAuditEntries(
  db: Db,
  opts: { actor?: number | 'cli'; actionPrefix?: string; orderNo?: string; before?: number; limit: number },
) {
  const prefix = opts.actionPrefix;
  return (
    db
      .selectFrom('audit_log')
      .selectAll()
      // The command line's entries have no user id (index audit_log_actor_idx), and say so in `source`.
      .$if(opts.actor === 'cli', (q) => q.where('actor_user_id', 'is', null).where('source', '=', 'cli'))
      .$if(typeof opts.actor === 'number', (q) => q.where('actor_user_id', '=', opts.actor as number))
      .$if(prefix !== undefined, (q) =>
        // 'order.' ≤ action < 'order/' ('/' follows '.'): every action that starts with the prefix.
        q.where('action', '>=', prefix!).where('action', '<', `${prefix!.slice(0, -1)}/`),
      )
      .$if(opts.orderNo !== undefined, (q) => q.where('order_no', '=', opts.orderNo!))
      .$call(newestBelow('id', opts.before, opts.limit))
      .execute()
  );
}

/** The staff members who appear in the log (by user id, with their e-mail now, else as logged), and whether the command line does. */
export async function listAuditActors(db: Db) {
  const members = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('audit_log')
        .select(['actor_user_id', (a) => a.fn.max('actor').as('actor')])
        .where('actor_user_id', 'is not', null)
        .groupBy('actor_user_id')
        .as('a'),
    )
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select(['a.actor_user_id', 'a.actor', 'u.email'])
    .execute();
  const cli = await db
    .selectFrom('audit_log')
    .select('id')
    .where('actor_user_id', 'is', null)
    .where('source', '=', 'cli')
    .limit(1)
    .executeTakeFirst();
  return { members, cli: cli !== undefined };
}
