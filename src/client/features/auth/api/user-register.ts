import type { ApiInput } from '@common/contract/api-map';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const userRegister = (input: ApiInput<'/v1/user-register'>) => api('/v1/user-register', input);

export const useUserRegister = () => useMutation({ mutationFn: userRegister });
