import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const createProduct = (input: ApiInput<'/admin/products/create'>, onMessage?: (message: string) => void) =>
  api('/admin/products/create', input, { onMessage });

/** Creates a product with its first packagings. */
export const useCreateProduct = () => useCatalogueChange(createProduct);
