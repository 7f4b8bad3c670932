import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const updateProduct = (input: ApiInput<'/admin/products/update'>, onMessage?: (message: string) => void) =>
  api('/admin/products/update', input, { onMessage });

/** Saves the product form of an existing product. */
export const useUpdateProduct = () => useCatalogueChange(updateProduct);
