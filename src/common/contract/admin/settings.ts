import { z } from 'zod';
import {
  BANK_SETTINGS,
  type BankSetting,
  MARKETING_SWITCHES,
  NUMBER_SETTINGS,
  type NumberSetting,
  STAFF_ALERT_KINDS,
  staffAlertSetting,
} from '../../settings-rules';
import { defineAdminEndpoint } from '../endpoint';
import { flag, int, optional, text } from '../fields';

/**
 * The back office's Settings screen (owner; permission `settings`; docs/decisions/015): cash reward percent, referral
 * award, the bank account customers transfer to, unpaid-order hours, the low-stock default, the shop-wide staff
 * alert switches and the abandoned-cart reminder (on or off, and after how many idle hours: docs/decisions/056). Money in cents. Each request field is the `settings` key it writes. A save that changes nothing
 * writes nothing and no audit entry. Delivery fees and free delivery are the Shipping screen's (admin/shipping.ts).
 */

/** A whole number in a setting's range (money: cents). */
const inRange = (key: NumberSetting) => {
  const { min, max } = NUMBER_SETTINGS[key];
  return int().pipe(
    z
      .number()
      .min(min, { error: `must be from ${min} to ${max}` })
      .max(max, { error: `must be from ${min} to ${max}` }),
  );
};

type Shape<K extends string, T extends z.ZodType> = { [P in K]: T };
const shapeOf = <K extends string, T extends z.ZodType>(keys: readonly K[], make: (key: K) => T): Shape<K, T> =>
  Object.fromEntries(keys.map((k) => [k, make(k)])) as Shape<K, T>;

const NUMBER_KEYS = Object.keys(NUMBER_SETTINGS) as NumberSetting[];
const BANK_KEYS = Object.keys(BANK_SETTINGS) as BankSetting[];
const ALERT_KEYS = STAFF_ALERT_KINDS.map(staffAlertSetting);

/** The settings as the shop uses them now (an unset one shows its default). */
export const adminSettingsValues = z.object({
  ...shapeOf(NUMBER_KEYS, () => z.number().int()),
  ...shapeOf(BANK_KEYS, () => z.string()),
  /** Each kind of staff alert, on or off for the whole shop (each member still has their own switch). */
  ...shapeOf(ALERT_KEYS, () => z.boolean()),
  /** The marketing reminders the shop sends, each off until the owner turns it on (docs/decisions/056). */
  ...shapeOf(MARKETING_SWITCHES, () => z.boolean()),
});
export type AdminSettingsValues = z.infer<typeof adminSettingsValues>;

export const adminSettingsView = z.object({
  settings: adminSettingsValues,
  /**
   * Whether `unpaid_order_hours` is the back office's own setting; false while it follows the server's
   * UNPAID_ORDER_HOURS (`unpaid_order_hours_default`).
   */
  unpaid_order_hours_set: z.boolean(),
  unpaid_order_hours_default: z.number().int(),
  /**
   * Card payments (docs/decisions/040; the keys live in the environment only): on or off, test or live keys, and when
   * the provider's last notice arrived (null: none yet).
   */
  card_payments: z
    .object({
      on: z.boolean(),
      mode: z.enum(['test', 'live']).nullable(),
      last_notice_at: z.string().nullable(),
    })
    .optional(),
});
export type AdminSettingsView = z.infer<typeof adminSettingsView>;

export const adminSettingsGet = defineAdminEndpoint({
  path: '/admin/settings',
  permission: 'settings',
  summary: 'The shop’s settings (owner; delivery fees are /admin/shipping)',
  request: z.object({}),
  response: adminSettingsView,
});

export const adminSettingsUpdate = defineAdminEndpoint({
  path: '/admin/settings/update',
  permission: 'settings',
  summary:
    'Changes any of the shop’s settings (the fields given; bank fields are trimmed and must not be empty); audited as settings.update with what changed',
  request: z.object({
    ...shapeOf(NUMBER_KEYS, (k) => optional(inRange(k))),
    ...shapeOf(BANK_KEYS, (k) => text(BANK_SETTINGS[k]).optional()),
    ...shapeOf(ALERT_KEYS, () => optional(flag())),
    ...shapeOf(MARKETING_SWITCHES, () => optional(flag())),
  }),
  response: adminSettingsView,
});
