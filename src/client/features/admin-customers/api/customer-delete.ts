import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { customerKeys } from './keys';

/**
 * The owner deletes customer `id`'s account on their request, with the customer's number typed as confirmation
 * (docs/decisions/050). Afterwards the customer's page and the list are asked again: they now show the former customer.
 */
export function useDeleteCustomer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => api('/admin/customers/delete', { id, confirm }),
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
