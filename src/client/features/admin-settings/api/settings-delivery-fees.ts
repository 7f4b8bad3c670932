import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** Changes states' delivery fees in one transaction; answers the screen's new data. */
export const saveDeliveryFees = (
  fees: ApiInput<'/admin/settings/delivery-fees'>['fees'],
  onMessage?: (message: string) => void,
) => api('/admin/settings/delivery-fees', { fees }, { onMessage });
