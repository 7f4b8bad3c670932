import { ROLE_PERMISSIONS, type StaffRole } from '@common/staff-rules';
import { afterEach } from 'vitest';
import AdminApp from '../../../../src/client/app/admin/AdminApp';
import { type Handlers, logIn, makeUser, mockApi, type RenderOptions, renderRoutes, resetStores } from '../toolkit';

/** `/admin/me` for a staff member with `role` (and anything else `extra` sets). */
export const staffMe = (role: StaffRole, extra: { notify_telegram?: boolean; telegram_linked?: boolean } = {}) => ({
  user_id: 1,
  email: `${role}@example.com`,
  nickname: 'Mei',
  role,
  notify_telegram: true,
  telegram_linked: false,
  created_at: '2026-11-01T00:00:00.000Z',
  permissions: [...ROLE_PERMISSIONS[role]],
  ...extra,
});

/** The server's refusal of `/admin/me` (or of any staff path) to a customer. */
export const STAFF_ONLY = { status: 403, message: 'This page is for the shop’s staff' } as const;

/**
 * A logged-in user whose `/admin/me` is `me` (a staff member from staffMe, or 'customer': the 403), with the API's
 * other `handlers` (which may answer `/admin/me` themselves).
 */
export function asStaff(me: ReturnType<typeof staffMe> | 'customer', handlers: Handlers = {}) {
  logIn(makeUser());
  return mockApi({
    '/v1/get-user-info': () => ({ bare: { success: true, user_info: makeUser(), token: 'tok-123' } }),
    '/admin/me': () => (me === 'customer' ? STAFF_ONLY : { data: me }),
    ...handlers,
  });
}

/** The whole back office (AdminApp: its guard, frame and screens) at `url`. */
export const renderAdmin = (url: string, options?: RenderOptions) =>
  renderRoutes([{ path: '/admin/*', Component: AdminApp }], url, options);

/** Logs the user out (and resets the other stores) after each test of the file. */
export const logOutAfterEach = () => afterEach(resetStores);
