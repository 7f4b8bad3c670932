import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

export const editUserDetail = (input: ApiInput<'/v2/edit-user-detail'>) => api('/v2/edit-user-detail', input);
