import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

export const editUserProfile = (input: ApiInput<'/v2/edit-user-profile'>) => api('/v2/edit-user-profile', input);
