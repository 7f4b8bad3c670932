import type { Insertable } from 'kysely';
import type { Db } from '../db/connection';
import type { MailOutboxTable } from '../db/schema';

// All SQL of the e-mail outbox (mail/outbox.ts, mail/sender.ts).

/**
 * Writes one message; false when its dedupe key was already queued (nothing written). ON CONFLICT DO NOTHING, not a
 * caught error: in PostgreSQL a failed statement would abort the caller's transaction (the change being reported).
 */
export async function insertMail(db: Db, row: Insertable<MailOutboxTable>): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A message a sender may claim now: pending and due, or left `sending` by a sender whose lease ran out. */
export async function dueMail(db: Db, now: string, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'attempts'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes one message for this sender until `leaseUntil`: a conditional update that only one sender can win (the row
 * must still be due and at the attempt count the sender read), counting the attempt. Answers the claimed row or null.
 */
export async function claimMail(db: Db, id: number, attempts: number, now: string, leaseUntil: string) {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sending', lease_until: leaseUntil, attempts: attempts + 1 })
    .where('id', '=', id)
    .where('attempts', '=', attempts)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Kinds whose parameters hold a single-use link's token. */
const LINK_KINDS = ['password_reset', 'confirm_email'];

/** Ends this sender's attempt (only while it still holds the claim): sent, failed for good, or pending again. */
export async function finishMail(
  db: Db,
  claim: { id: number; attempts: number },
  outcome:
    | { status: 'sent'; at: string }
    | { status: 'failed'; error: string }
    | { status: 'pending'; error: string; nextAttemptAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set(
      outcome.status === 'sent'
        ? (eb) => ({
            status: 'sent',
            sent_at: outcome.at,
            lease_until: null,
            last_error: null,
            // A link's token is not kept in the outbox once it went or never will (its hash is in account_tokens).
            params: eb.case().when('kind', 'in', LINK_KINDS).then('{}').else(eb.ref('params')).end(),
          })
        : outcome.status === 'failed'
          ? (eb) => ({
              status: 'failed',
              lease_until: null,
              last_error: outcome.error.slice(0, 1000),
              params: eb.case().when('kind', 'in', LINK_KINDS).then('{}').else(eb.ref('params')).end(),
            })
          : {
              status: 'pending',
              lease_until: null,
              last_error: outcome.error.slice(0, 1000),
              next_attempt_at: outcome.nextAttemptAt,
            },
    )
    .where('id', '=', claim.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes messages that went (or failed for good) before `before`: the outbox does not grow for ever, nor keep copies
 * of orders' addresses. By `next_attempt_at` (the last try's time or earlier), which the due index (status,
 * next_attempt_at) serves. A message still to send is never deleted.
 */
export async function deleteFinishedMail(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('next_attempt_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the account's e-mail address is confirmed, and the address (null: no such account). */
export async function mailUser(db: Db, userId: number) {
  return db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();
}

/** How many messages are still to send (pending, or being sent), and the oldest one's queueing time. */
export async function mailBacklog(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}
