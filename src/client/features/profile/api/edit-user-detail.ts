import type { ApiInput } from '@common/contract/api-map';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userDetailKey } from './get-user-detail';

export const editUserDetail = (input: ApiInput<'/v2/edit-user-detail'>) => api('/v2/edit-user-detail', input);

export const useEditUserDetail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUserDetail,
    onSuccess: (data) => queryClient.setQueryData(userDetailKey(data.user_info.id), { detail: data.detail }),
  });
};
