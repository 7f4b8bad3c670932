import type { AuditKind } from '@common/contract/admin/audit';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  actors: ['admin', 'audit', 'actors'] as const,
  list: (f: AuditFilters) => ['admin', 'audit', 'list', f.actor, f.kind, f.orderNo] as const,
};

export interface AuditFilters {
  /** '' (everyone), 'cli', or a staff member's user id as text. */
  actor: string;
  kind: AuditKind | '';
  orderNo: string;
}

export const useAuditLog = (f: AuditFilters) =>
  useCursorPages(auditKeys.list(f), '/admin/audit/list', {
    actor: f.actor === '' ? undefined : f.actor === 'cli' ? 'cli' : Number(f.actor),
    kind: f.kind || undefined,
    order_no: f.orderNo || undefined,
  });

export const useAuditActors = () =>
  useQuery({
    queryKey: auditKeys.actors,
    queryFn: ({ signal }) => api('/admin/audit/actors', {}, { signal }),
    staleTime: 60_000,
  });
