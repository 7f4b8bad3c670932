import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { type AuditFilters, auditKeys } from './keys';

/** The audit log, newest first, filtered, a page at a time. */
export const useAuditLog = (f: AuditFilters) =>
  useCursorPages(auditKeys.list(f), '/admin/audit/list', {
    actor: f.actor === '' ? undefined : f.actor === 'cli' ? 'cli' : Number(f.actor),
    kind: f.kind || undefined,
    order_no: f.orderNo || undefined,
  });
