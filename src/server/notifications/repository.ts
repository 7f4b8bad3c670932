import type { Insertable } from 'kysely';
import type { Db } from '../db/connection';
import type { NotificationsTable } from '../db/schema';
import { nowIso } from '../lib/time';

/** All SQL of the `notifications` outbox: the rows the domains queue (outbox.ts) and the bot's sender drains. */

/** Writes one notice; call it with the transaction of the change it reports. */
export async function insertNotification(db: Db, notice: Insertable<NotificationsTable>): Promise<void> {
  await db.insertInto('notifications').values(notice).execute();
}

/**
 * Up to `limit` notices due at `now` — not yet sent, with attempts left (fewer than `maxAttempts`), not claimed by a
 * sender still inside its send (`claimed_until` passed or none), and past a failed attempt's pause — oldest first,
 * with what the message needs: the customer (linked Telegram user, language, order-news switch) and the order, if
 * any; for a staff alert (notifications/staff-alerts.ts), the member's role and alert switch now (null when no longer
 * on the staff).
 */
export async function dueNotifications(
  db: Db,
  { maxAttempts, limit, now }: { maxAttempts: number; limit: number; now: string },
) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('orders as o', 'o.id', 'n.order_id')
    .leftJoin('staff as s', 's.user_id', 'n.user_id')
    .select([
      'n.id',
      'n.kind',
      'n.attempts',
      'n.telegram_chat_id',
      'n.params',
      'u.nickname',
      'u.telegram_user_id',
      'u.language',
      'u.notify_orders',
      'o.id as order_id',
      'o.order_no',
      'o.status',
      'o.total_cents',
      'o.tracking_company',
      'o.tracking_number',
      'o.tracking_link',
      's.role as staff_role',
      's.notify_telegram as staff_notify',
    ])
    .where('n.sent_at', 'is', null)
    .where('n.attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('n.claimed_until', 'is', null), eb('n.claimed_until', '<', now)]))
    .where((eb) => eb.or([eb('n.next_attempt_at', 'is', null), eb('n.next_attempt_at', '<=', now)]))
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/**
 * Claims a notice for one more attempt, until `claimedUntil`: a conditional update on the attempts seen and on no live
 * claim, so only one sender wins this attempt, and no other sender takes the row while the winner is still sending it
 * (docs/decisions/024; without the claim, a second sender read the row as due during the first one's Telegram call and
 * sent it again). Answers whether this caller won.
 */
export async function claimNotification(
  db: Db,
  id: number,
  attemptsSeen: number,
  { now, claimedUntil }: { now: string; claimedUntil: string },
): Promise<boolean> {
  const claim = await db
    .updateTable('notifications')
    .set({ attempts: attemptsSeen + 1, claimed_until: claimedUntil })
    .where('id', '=', id)
    .where('attempts', '=', attemptsSeen)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) > 0;
}

/** Marks a notice done (sent, or given up with `error`): it is not tried again. */
export async function finishNotification(db: Db, id: number, error: string | null): Promise<void> {
  await db.updateTable('notifications').set({ sent_at: nowIso(), last_error: error }).where('id', '=', id).execute();
}

/** Notes why an attempt failed and frees the claim; the notice is due again at `nextAttemptAt`. */
export async function noteNotificationError(db: Db, id: number, error: string, nextAttemptAt: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ last_error: error, claimed_until: null, next_attempt_at: nextAttemptAt })
    .where('id', '=', id)
    .execute();
}

/** How many notices are still to send, and the oldest one's queueing time. */
export async function noticeBacklog(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}
