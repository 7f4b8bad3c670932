import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { staffKeys } from './keys';

export const getStaffList = (signal?: AbortSignal) => api('/admin/staff/list', {}, { signal });

/** The staff with their roles. */
export const useStaffList = () => useQuery({ queryKey: staffKeys.all, queryFn: ({ signal }) => getStaffList(signal) });
