import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { inOrder } from '@/lib/ui/admin/MoveButtons';

/**
 * Reorders a list at once on screen (so the moved row and its focused button move with the key press), then on the
 * server; a refusal (the list changed meanwhile) reads the list again.
 */
export function useReorder<K extends 'banners' | 'faqs', Row extends { id: number }>(
  key: QueryKey,
  field: K,
  send: (ids: number[]) => Promise<unknown>,
  shopKey: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (ids: number[]) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<Record<K, Row[]>>(key, (old) =>
        old ? ({ ...old, [field]: inOrder(old[field], ids) } as Record<K, Row[]>) : old,
      );
    },
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: shopKey })]);
    },
  });
}
