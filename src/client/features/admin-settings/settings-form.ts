import type { AdminSettingsView } from '@common/contract/admin/settings';
import type { ApiInput } from '@common/contract/api-map';
import { centsToDecimal, parseDollarsToCents } from '@common/money';
import {
  BANK_SETTINGS,
  type BankSetting,
  MARKETING_SWITCHES,
  type MarketingSwitch,
  NUMBER_SETTINGS,
  type NumberSetting,
  type Range,
  STAFF_ALERT_KINDS,
  type StaffAlertSetting,
  staffAlertSetting,
} from '@common/settings-rules';

/**
 * The Settings screen's form: what the owner types (money in dollars, as text), read back into what changed (cents,
 * whole numbers, trimmed text) against the settings as loaded. Only changed values are sent, so a setting the owner
 * did not touch stays as it is (an unset unpaid-order hours keeps following UNPAID_ORDER_HOURS).
 */

/** Settings typed in dollars (stored in cents). */
const MONEY_SETTINGS: readonly NumberSetting[] = ['referral_award_cents'];
export const isMoneySetting = (key: NumberSetting) => MONEY_SETTINGS.includes(key);

export const NUMBER_KEYS = Object.keys(NUMBER_SETTINGS) as NumberSetting[];
export const BANK_KEYS = Object.keys(BANK_SETTINGS) as BankSetting[];
export const ALERT_KEYS: StaffAlertSetting[] = STAFF_ALERT_KINDS.map(staffAlertSetting);

export interface SettingsForm {
  numbers: Record<NumberSetting, string>;
  bank: Record<BankSetting, string>;
  alerts: Record<StaffAlertSetting, boolean>;
  /** The marketing reminders' switches (docs/decisions/056). */
  marketing: Record<MarketingSwitch, boolean>;
}

const dollars = (cents: number) => centsToDecimal(cents);

export function formFrom(view: AdminSettingsView): SettingsForm {
  const s = view.settings;
  return {
    numbers: Object.fromEntries(
      NUMBER_KEYS.map((k) => [k, isMoneySetting(k) ? dollars(s[k]) : String(s[k])]),
    ) as SettingsForm['numbers'],
    bank: Object.fromEntries(BANK_KEYS.map((k) => [k, s[k]])) as SettingsForm['bank'],
    alerts: Object.fromEntries(ALERT_KEYS.map((k) => [k, s[k]])) as SettingsForm['alerts'],
    marketing: Object.fromEntries(MARKETING_SWITCHES.map((k) => [k, s[k]])) as SettingsForm['marketing'],
  };
}

/** Why a typed value is refused; the screen words it (locales `invalid.*`). */
export type Problem =
  | { kind: 'dollars'; range: Range }
  | { kind: 'whole'; range: Range }
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number };

export type SettingsUpdate = ApiInput<'/admin/settings/update'>;

export interface ReadForm {
  settings: Partial<SettingsUpdate>;
  /** By field key (a setting's key). */
  problems: Record<string, Problem>;
}

const inRange = (n: number, r: Range) => n >= r.min && n <= r.max;

/** Dollars typed → cents in `range`, or the problem. */
function readDollars(text: string, range: Range): number | Problem {
  const cents = parseDollarsToCents(text);
  return cents !== null && inRange(cents, range) ? cents : { kind: 'dollars', range };
}

/** A whole number typed (digits only) in `range`, or the problem. */
function readWhole(text: string, range: Range): number | Problem {
  const trimmed = text.trim();
  const n = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return Number.isInteger(n) && inRange(n, range) ? n : { kind: 'whole', range };
}

/** What the form changes against `view`, and what is wrong with it (nothing is sent while anything is). */
export function readForm(form: SettingsForm, view: AdminSettingsView): ReadForm {
  const settings: Record<string, number | string | boolean> = {};
  const problems: Record<string, Problem> = {};

  for (const key of NUMBER_KEYS) {
    const range = NUMBER_SETTINGS[key];
    const value = isMoneySetting(key) ? readDollars(form.numbers[key], range) : readWhole(form.numbers[key], range);
    if (typeof value !== 'number') problems[key] = value;
    else if (value !== view.settings[key]) settings[key] = value;
  }
  for (const key of BANK_KEYS) {
    const value = form.bank[key].trim();
    if (!value) problems[key] = { kind: 'required' };
    else if (value.length > BANK_SETTINGS[key]) problems[key] = { kind: 'tooLong', max: BANK_SETTINGS[key] };
    else if (value !== view.settings[key]) settings[key] = value;
  }
  for (const key of ALERT_KEYS) {
    if (form.alerts[key] !== view.settings[key]) settings[key] = form.alerts[key];
  }
  for (const key of MARKETING_SWITCHES) {
    if (form.marketing[key] !== view.settings[key]) settings[key] = form.marketing[key];
  }
  return { settings: settings as Partial<SettingsUpdate>, problems };
}
