import type { ApiInput } from '@common/contract/api-map';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const editUserProfile = (input: ApiInput<'/v2/edit-user-profile'>) => api('/v2/edit-user-profile', input);

export const useEditUserProfile = () => useMutation({ mutationFn: editUserProfile });
