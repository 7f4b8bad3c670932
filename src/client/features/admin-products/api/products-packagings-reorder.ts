import type { AdminProduct } from '@common/contract/admin/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { inOrder } from '@/lib/ui/admin/MoveButtons';
import { catalogueKeys, productKeys } from './keys';

export const reorderPackagings = (productId: number, ids: number[]) =>
  api('/admin/products/packagings/reorder', { product_id: productId, packaging_ids: ids });

/**
 * Reorders a product's packagings at once on screen (so the moved row and its focused button move with the key
 * press), then on the server; either way the catalogue is read again afterwards (a refusal puts the saved order back).
 */
export function useReorderPackagings(productId: number) {
  const client = useQueryClient();
  const key = productKeys.detail(productId);
  return useMutation({
    mutationFn: (ids: number[]) => reorderPackagings(productId, ids),
    onMutate: async (ids: number[]) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<AdminProduct>(key, (old) => {
        if (!old) return old;
        // The live packagings in the new order; the retired ones after them, as the server keeps them.
        return {
          ...old,
          packagings: [...inOrder(old.packagings, ids), ...old.packagings.filter((p) => !ids.includes(p.id))],
        };
      });
    },
    onSettled: () => Promise.all(catalogueKeys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
