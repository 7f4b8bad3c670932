import type { ApiInput } from '@common/contract/api-map';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const userLogin = (input: ApiInput<'/v1/user-login'>) => api('/v1/user-login', input);

export const useUserLogin = () => useMutation({ mutationFn: userLogin });
