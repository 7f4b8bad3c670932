import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const adjustStock = (input: ApiInput<'/admin/stock/adjust'>, onMessage?: (message: string) => void) =>
  api('/admin/stock/adjust', input, { onMessage });

/**
 * Adjust stock: answers the server's message with its data; the catalogue's queries (every product query, the
 * dashboard's low-stock count, the shop's cached products) are read again.
 */
export const useAdjustStock = () => useCatalogueChange(adjustStock);
