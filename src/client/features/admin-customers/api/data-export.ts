import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/transfer';
import { customerKeys } from './keys';

/** While the copy is prepared, the card asks again this often. */
const POLL_MS = 5000;
const exportKey = (id: number) => [...customerKeys.detail(id), 'data-export'] as const;

/** The latest copy the staff made of this customer's data (owner only; docs/decisions/051). */
export const useCustomerDataExport = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: exportKey(id),
    queryFn: ({ signal }) => api('/admin/customers/data-export', { id }, { signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.export?.status === 'preparing' ? POLL_MS : false),
  });

/** Asks for a copy (audited by the server); the card shows it at once. */
export function useRequestCustomerDataExport(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/admin/customers/data-export/request', { id }),
    onSuccess: (answer) => client.setQueryData(exportKey(id), answer),
  });
}

/** Saves the ready copy (a POST with the owner's session: the copy has no public link). */
export const downloadCustomerCopy = (id: number, exportId: number) =>
  downloadFile('/admin/customers/data-export/download', { id, export_id: exportId });
