import type { Insertable } from 'kysely';
import type { Db } from '../db/connection';
import type { AuditLogTable } from '../db/schema';

/** The audit log's SQL. */

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
