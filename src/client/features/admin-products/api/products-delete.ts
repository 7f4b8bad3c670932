import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const deleteProduct = (productId: number, onMessage?: (message: string) => void) =>
  api('/admin/products/delete', { product_id: productId }, { onMessage });

/** Deletes a product nothing has ordered. */
export const useDeleteProduct = () => useCatalogueChange(deleteProduct);
