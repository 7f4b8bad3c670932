import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const updatePackaging = (
  input: ApiInput<'/admin/products/packagings/update'>,
  onMessage?: (message: string) => void,
) => api('/admin/products/packagings/update', input, { onMessage });

/** Changes a packaging's names and prices (its stock changes only by Adjust stock). */
export const useUpdatePackaging = () => useCatalogueChange(updatePackaging);
