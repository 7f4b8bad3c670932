import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { auditKeys } from './keys';

export const getAuditActors = (signal?: AbortSignal) => api('/admin/audit/actors', {}, { signal });

/** Everyone who has changed something (staff and the command line), for the "who" filter. */
export const useAuditActors = () =>
  useQuery({ queryKey: auditKeys.actors, queryFn: ({ signal }) => getAuditActors(signal), staleTime: 60_000 });
