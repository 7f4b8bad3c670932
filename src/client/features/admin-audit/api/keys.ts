import type { AuditKind } from '@common/contract/admin/audit';

/** The screen's filters, as the pickers hold them. */
export interface AuditFilters {
  /** '' (everyone), 'cli', or a staff member's user id as text. */
  actor: string;
  kind: AuditKind | '';
  orderNo: string;
}

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  actors: ['admin', 'audit', 'actors'] as const,
  list: (f: AuditFilters) => ['admin', 'audit', 'list', f.actor, f.kind, f.orderNo] as const,
};
