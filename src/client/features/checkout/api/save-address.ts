import type { ApiInput } from '@common/contract/api-map';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export type SaveAddressInput = ApiInput<'/v2/save-address'>;

export const saveAddress = (input: SaveAddressInput) => api('/v2/save-address', input);

/** Creates or (with `address_id`) updates an address; the address list reloads. */
export const useSaveAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
};
