import { AUDIT_SOURCES } from '../../common/contract/admin/audit';
import type { Db } from '../db/connection';
import { adminLimit, keysetPage } from '../lib/paging';
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
  const who = { actor_user_id: actorUserId(actor), actor: actorLabel(actor), source: actorSource(actor) };
  await repo.insertAuditEntry(db, { ...who, ...entryColumns(entry, now) });
}

/** The entry's own columns, whoever made it. */
const entryColumns = (entry: AuditEntry, now: string) => ({
  action: entry.action,
  entity: entry.entity,
  entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
  order_no: entry.orderNo ?? null,
  before_json: json(entry.before),
  after_json: json(entry.after),
  created_at: now,
});

/**
 * Writes one audit-log entry for something a customer did themself that the log keeps (deleting their account,
 * docs/decisions/050): named "customer #id", source 'customer', with no personal data.
 */
export async function recordCustomerAudit(
  db: Db,
  userId: number,
  entry: AuditEntry,
  now: string = nowIso(),
): Promise<void> {
  const who = { actor_user_id: null, actor: `customer #${userId}`, source: 'customer' };
  await repo.insertAuditEntry(db, { ...who, ...entryColumns(entry, now) });
}

// The Audit log screen (owner; permission `audit`).

const sourceOf = (s: string): (typeof AUDIT_SOURCES)[number] => AUDIT_SOURCES.find((known) => known === s) ?? 'admin';

/** A JSON object as logged (a value that is not an object is shown under `value`). */
function readJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return { value };
  } catch {
    return { value: text };
  }
}

export interface AuditFilter {
  /** A staff member's user id, or 'cli' for the command line. */
  actor?: number | 'cli';
  /** A kind of change: 'order', 'staff', 'commission', 'payout', 'subscription', 'agent'. */
  kind?: string;
  orderNo?: string;
  cursor?: number;
  limit?: number;
}

/** The log newest first, filtered; keyset-paged by id. */
export async function listAudit(db: Db, filter: AuditFilter) {
  const limit = adminLimit(filter.limit);
  const rows = await repo.listAuditEntries(db, {
    actor: filter.actor,
    actionPrefix: filter.kind ? `${filter.kind}.` : undefined,
    orderNo: filter.orderNo?.trim().toUpperCase() || undefined,
    before: filter.cursor,
    limit,
  });
  const { items, next_cursor } = keysetPage(rows, limit);
  return {
    entries: items.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      actor_user_id: r.actor_user_id,
      actor: r.actor,
      source: sourceOf(r.source),
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      order_no: r.order_no,
      before: readJson(r.before_json),
      after: readJson(r.after_json),
    })),
    next_cursor,
  };
}

/** Who appears in the log, for its filter: staff members by e-mail (sorted), then the command line. */
export async function auditActors(db: Db): Promise<Array<{ user_id: number | null; label: string }>> {
  const { members, cli } = await repo.listAuditActors(db);
  const people = members
    .map((m) => ({ user_id: m.actor_user_id, label: m.email ?? m.actor ?? '' }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return cli ? [...people, { user_id: null, label: actorLabel({ kind: 'cli' }) }] : people;
}
