import { api } from '@/lib/api/client';

/** The caller's user info (bare answer: `{ success, code, message, user_info, token }`); 401 when the token is dead. */
export const getUserInfo = (signal?: AbortSignal) => api('/v1/get-user-info', {}, { signal });
