import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const addPackaging = (
  input: ApiInput<'/admin/products/packagings/add'>,
  onMessage?: (message: string) => void,
) => api('/admin/products/packagings/add', input, { onMessage });

/** Adds a packaging at the end, with its initial stock. */
export const useAddPackaging = () => useCatalogueChange(addPackaging);
