import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

export const userRegister = (input: ApiInput<'/v1/user-register'>) => api('/v1/user-register', input);
