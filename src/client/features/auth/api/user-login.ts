import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

export const userLogin = (input: ApiInput<'/v1/user-login'>) => api('/v1/user-login', input);
