import { z } from 'zod';
import { AUDIT_KINDS, type AuditKind } from '../../staff-rules';
import { defineAdminEndpoint } from '../endpoint';
import { id, optional, optionalText } from '../fields';
import { adminPaging, nextCursor } from './paging';

/**
 * The back office's Audit log (owner; docs/decisions/013): who changed what, when, with the values before and after.
 */

export { AUDIT_KINDS, type AuditKind };

/** 'customer': the customer's own action that the log keeps (deleting their account, docs/decisions/050). */
export const AUDIT_SOURCES = ['admin', 'bot', 'cli', 'customer'] as const;

/** `actor`: a staff member's user id, or `cli` for the command line. */
const actorFilter = z.union([z.literal('cli'), id()], { error: 'must be a staff member’s id or cli' });

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_user_id: z.number().int().nullable(),
  /** The staff member's e-mail, or "command line". */
  actor: z.string(),
  source: z.enum(AUDIT_SOURCES),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  order_no: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryRow = z.infer<typeof auditEntry>;

export const adminAuditList = defineAdminEndpoint({
  path: '/admin/audit/list',
  permission: 'audit',
  summary: 'The audit log, newest first, filtered by staff member (or cli), kind and order number; keyset-paged',
  request: z.object({
    actor: optional(actorFilter),
    kind: optional(z.enum(AUDIT_KINDS)),
    order_no: optionalText(40),
    ...adminPaging,
  }),
  response: z.object({ entries: z.array(auditEntry), next_cursor: nextCursor }),
});

export const adminAuditActors = defineAdminEndpoint({
  path: '/admin/audit/actors',
  permission: 'audit',
  summary: 'Everyone who appears in the audit log (for its filter); the command line as `cli`',
  request: z.object({}),
  response: z.object({
    actors: z.array(z.object({ user_id: z.number().int().nullable(), label: z.string() })),
  }),
});
