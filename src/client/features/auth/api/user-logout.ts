import { api } from '@/lib/api/client';

/** Revokes the current token on the server (log out). */
export const userLogout = () => api('/v1/user-logout', {});
