import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Changes the settings given (the others stay); answers the screen's new data. */
export const updateSettings = (
  settings: Partial<ApiInput<'/admin/settings/update'>>,
  onMessage?: (message: string) => void,
) => api('/admin/settings/update', settings, { onMessage });
