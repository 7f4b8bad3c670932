import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ADDRESSES_KEY } from './get-addresses';

export const deleteAddress = (addressId: number) => api('/v2/delete-address', { address_id: addressId });

export const useDeleteAddress = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
};
