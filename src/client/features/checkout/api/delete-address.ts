import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

export const deleteAddress = (addressId: number) => api('/v2/delete-address', { address_id: addressId });

export const useDeleteAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.addresses }),
  });
};
