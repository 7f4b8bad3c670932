import { z } from 'zod';
import { PERMISSIONS, STAFF_ROLES } from '../../staff-rules';
import { defineAdminEndpoint } from '../endpoint';
import { flag, id, text } from '../fields';

/** The back office's staff paths (docs/decisions/013): who is calling, and the owner's staff screen. */

export const staffRole = z.enum(STAFF_ROLES);
export const permission = z.enum(PERMISSIONS);

export const staffMember = z.object({
  user_id: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  role: staffRole,
  /** The bot's staff alerts (new orders, receipts, payout requests, low stock) for this member. */
  notify_telegram: z.boolean(),
  telegram_linked: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const adminMe = defineAdminEndpoint({
  path: '/admin/me',
  summary: 'The staff member calling: role and what it allows (403 for a customer)',
  request: z.object({}),
  response: staffMember.extend({ permissions: z.array(permission) }),
});

export const adminSetMyNotifications = defineAdminEndpoint({
  path: '/admin/me/notifications',
  summary: 'Turns the bot’s staff alerts on or off for the caller',
  request: z.object({ notify_telegram: flag() }),
  response: staffMember,
});

export const adminStaffList = defineAdminEndpoint({
  path: '/admin/staff/list',
  permission: 'staff',
  summary: 'Everyone on the staff, with their role',
  request: z.object({}),
  response: z.object({ staff: z.array(staffMember) }),
});

export const adminStaffAdd = defineAdminEndpoint({
  path: '/admin/staff/add',
  permission: 'staff',
  summary: 'Adds an existing account to the staff by e-mail (or changes its role)',
  request: z.object({ email: text(254), role: staffRole }),
  response: staffMember,
});

export const adminStaffRole = defineAdminEndpoint({
  path: '/admin/staff/role',
  permission: 'staff',
  summary: 'Changes a staff member’s role (the shop keeps at least one owner)',
  request: z.object({ user_id: id(), role: staffRole }),
  response: staffMember,
});

export const adminStaffRemove = defineAdminEndpoint({
  path: '/admin/staff/remove',
  permission: 'staff',
  summary: 'Takes an account off the staff (the shop keeps at least one owner)',
  request: z.object({ user_id: id() }),
  response: z.object({ user_id: z.number().int() }),
});

export type AdminMeOutput = z.infer<typeof adminMe.response>;
