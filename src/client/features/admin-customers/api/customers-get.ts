import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { customerKeys } from './keys';

export const getCustomer = (id: number, signal?: AbortSignal) => api('/admin/customers/get', { id }, { signal });

/** One customer's page (none asked for an id that cannot be one). */
export const useCustomer = (id: number) =>
  useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
