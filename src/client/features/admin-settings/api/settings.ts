import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { settingsKeys } from './keys';

export const getSettings = (signal?: AbortSignal) => api('/admin/settings', {}, { signal });

/** The settings screen's data: the settings, the states with their fees, the defaults. */
export const useSettings = () => useQuery({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });
