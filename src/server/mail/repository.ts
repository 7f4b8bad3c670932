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
