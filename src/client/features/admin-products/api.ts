import type { StockFilter } from '@common/catalogue-rules';
import type { AdminProduct } from '@common/contract/admin/products';
import type { ApiInput } from '@common/contract/api-map';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/entities/staff/api/use-staff';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { useMessageMutation } from '@/lib/api/use-message-mutation';
import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { inOrder } from '@/lib/ui/admin/MoveButtons';

/** The list's filters, as kept in the URL's query (`?stock=low&q=…`). */
export interface ProductFilters {
  q?: string;
  category_id?: number;
  tag_id?: number;
  stock?: StockFilter;
  hidden?: boolean;
}

/**
 * This feature's react-query keys, under `['admin', 'products']`: every change invalidates that prefix, which
 * refreshes the list, the product page and its stock card (api-stock.ts) alike.
 */
export const productKeys = {
  all: adminKeys.products,
  list: (f: ProductFilters) => ['admin', 'products', 'list', f] as const,
  detail: (id: number) => ['admin', 'products', 'detail', id] as const,
  options: ['admin', 'products', 'options'] as const,
};

export const useProductList = (filters: ProductFilters) =>
  useCursorPages(productKeys.list(filters), '/admin/products/list', filters);

/** Categories and tags for the pickers (they change rarely: kept for the session). */
export const useProductOptions = () =>
  useQuery({
    queryKey: productKeys.options,
    queryFn: ({ signal }) => api('/admin/products/options', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProduct = (productId: number) =>
  useQuery({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => api('/admin/products/get', { product_id: productId }, { signal }).then((r) => r.product),
    enabled: productId > 0,
  });

type Path =
  | '/admin/products/create'
  | '/admin/products/update'
  | '/admin/products/delete'
  | '/admin/products/packagings/add'
  | '/admin/products/packagings/update'
  | '/admin/products/packagings/retire';

/**
 * What a catalogue change makes stale: every product query of the back office, the dashboard's low-stock count, and
 * the shop's own cached products and lists in this tab (any language), so the shop shows the change at once.
 */
export const catalogueKeys = [productKeys.all, adminKeys.dashboard, queryKeys.product.all, queryKeys.products.all];

/** A change: answers the server's message (for a toast) with its data; the catalogue's queries are read again. */
export const useProductChange = <P extends Path>(path: P) =>
  useMessageMutation((input: ApiInput<P>, onMessage) => api(path, input, { onMessage }), catalogueKeys);

/**
 * Reorders a product's packagings at once on screen (so the moved row and its focused button move with the key
 * press), then on the server; either way the catalogue is read again afterwards (a refusal puts the saved order back).
 */
export function useReorderPackagings(productId: number) {
  const client = useQueryClient();
  const key = productKeys.detail(productId);
  return useMutation({
    mutationFn: (ids: number[]) =>
      api('/admin/products/packagings/reorder', { product_id: productId, packaging_ids: ids }),
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

/** Uploads one image file; answers its URL (the product keeps it once the form is saved). */
export const uploadImage = (file: File) => api('/admin/products/images/upload', { image: file });
