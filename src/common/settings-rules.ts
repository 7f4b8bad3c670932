/**
 * The shop's settings the owner edits in the back office (docs/decisions/015): their keys in the `settings` table,
 * their limits and the staff alert switches. Zod-free, so the back office's Settings screen and the server read the
 * same limits without the contract's schemas in the screen's chunk.
 */

/** The bot's staff alerts (src/server/notifications/staff-alerts.ts): one switch per kind for the whole shop. */
export const STAFF_ALERT_KINDS = [
  'staff_new_order',
  'staff_receipt',
  'staff_payout_request',
  'staff_low_stock',
  /** A customer asked to exchange an item (docs/decisions/020). */
  'staff_exchange_request',
  /** An order's payment needs a person: a changed amount, a dispute, a late payment, a failed refund (docs/decisions/040). */
  'staff_payment_attention',
  /** A new kind of error on shoppers' phones (owners only; docs/decisions/045). */
  'staff_client_error',
] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];

/** The setting that switches a kind of staff alert on ('1', or unset) or off ('0') for every staff member. */
export type StaffAlertSetting = `${StaffAlertKind}_alerts`;
export const staffAlertSetting = (kind: StaffAlertKind): StaffAlertSetting => `${kind}_alerts`;

/** A whole-number setting's range (inclusive). Money is in cents. */
export interface Range {
  min: number;
  max: number;
}

/**
 * The whole-number settings and their ranges. `unpaid_order_hours` 0 means unpaid orders never expire (as
 * UNPAID_ORDER_HOURS=0 did). The free-delivery threshold is the Shipping screen's (shipping-rules.ts).
 */
export const NUMBER_SETTINGS = {
  cash_reward_percent: { min: 0, max: 100 },
  /** Up to $1,000 per referred member. */
  referral_award_cents: { min: 0, max: 100_000 },
  /** Up to 30 days, like UNPAID_ORDER_HOURS. */
  unpaid_order_hours: { min: 0, max: 720 },
  low_stock_default: { min: 0, max: 100_000 },
  /** Days after an order is completed during which an exchange can be asked (exchange-rules.ts); default 14. */
  exchange_days: { min: 1, max: 365 },
  /** Hours a customer's saved cart waits untouched before its reminder (docs/decisions/056); default 24. */
  abandoned_cart_hours: { min: 1, max: 720 },
} as const satisfies Record<string, Range>;
export type NumberSetting = keyof typeof NUMBER_SETTINGS;

/**
 * The shop's marketing switches (docs/decisions/056): each off until the owner turns it on ('1'). The reminders go
 * only to customers who turned marketing messages on themselves, whatever these say.
 */
export const MARKETING_SWITCHES = ['abandoned_cart_reminders'] as const;
export type MarketingSwitch = (typeof MARKETING_SWITCHES)[number];

/** The bank account shown to customers who pay by transfer, with each field's longest length. */
export const BANK_SETTINGS = { bank_name: 100, bank_account_name: 100, bank_account_number: 40 } as const;
export type BankSetting = keyof typeof BANK_SETTINGS;
