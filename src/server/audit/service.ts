import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';
import { actorLabel, actorSource, actorUserId, type StaffActor } from './actor';
import * as repo from './repository';

export interface AuditEntry {
  /** What was done, e.g. 'order.confirm_payment', 'staff.add', 'commission.hold'. */
  action: string;
  /** What it was done to: 'order', 'staff', 'commission', 'payout', 'agent', 'subscription', … */
  entity: string;
  entityId?: string | number | null;
  orderNo?: string | null;
  /** The values before and after the change (only what changed needs to be there). */
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Writes one audit-log entry. Call it with the transaction that makes the change, so the entry exists exactly
 * when the change does.
 */
export async function recordAudit(db: Db, actor: StaffActor, entry: AuditEntry, now: string = nowIso()): Promise<void> {
  await repo.insertAuditEntry(db, {
    actor_user_id: actorUserId(actor),
    actor: actorLabel(actor),
    source: actorSource(actor),
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    order_no: entry.orderNo ?? null,
    before_json: json(entry.before),
    after_json: json(entry.after),
    created_at: now,
  });
}
