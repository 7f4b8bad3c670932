import { EXCHANGE_DAYS_DEFAULT } from '../../common/exchange-rules';
import { ABANDONED_CART_HOURS_DEFAULT } from '../../common/marketing-rules';
import {
  MARKETING_SWITCHES,
  type MarketingSwitch,
  NUMBER_SETTINGS,
  STAFF_ALERT_KINDS,
  type StaffAlertKind,
  staffAlertSetting,
} from '../../common/settings-rules';
import type { Config } from '../config';
import type { Db } from '../db/connection';

// The shop's settings and payment methods (the states are shipping/'s, docs/decisions/041). Every function takes the
// database or a transaction (a Transaction is a Db).

/** What the settings need of the server's config: UNPAID_ORDER_HOURS, the unpaid-order hours while unset. */
export type UnpaidHoursConfig = Pick<Config, 'UNPAID_ORDER_HOURS'>;

export interface ShopSettings {
  freeShippingThresholdCents: number;
  cashRewardPercent: number;
  /** A packaging is low at or below this stock unless its product sets its own threshold (dashboard). */
  lowStockDefault: number;
  bank: { bank_name: string; bank_account_name: string; bank_account_number: string };
  /** Credited to a referrer when a member they referred completes a first order (referral/award-service.ts). */
  referralAwardCents: number;
  /** A new agent's commission rate (basis points) unless staff give one (referral/admin-service.ts). */
  defaultCommissionRateBp: number;
  /** The back office's unpaid-order hours, or null while unset (UNPAID_ORDER_HOURS then: `unpaidHoursOf`). */
  unpaidOrderHours: number | null;
  /** Days after completion during which an exchange can be asked (exchanges/service.ts). */
  exchangeDays: number;
  /** Each kind of staff alert, on (the default) or off for the whole shop. */
  staffAlerts: Record<StaffAlertKind, boolean>;
  /** The marketing switches (docs/decisions/056), off unless set to '1'. */
  marketing: Record<MarketingSwitch, boolean>;
  /** Hours a saved cart waits untouched before its reminder. */
  abandonedCartHours: number;
}

/** The `low_stock_default` setting when the shop has not set one. */
export const LOW_STOCK_DEFAULT = 5;

const intSetting = (value: string | undefined, fallback: number) => {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

/** The `default_commission_rate_bp` setting when unset or above 100 %: 10 %. */
const DEFAULT_COMMISSION_RATE_BP = 1000;

/** A stored `unpaid_order_hours`, or null while unset. */
const storedUnpaidHours = (value: string | undefined): number | null => {
  const hours = intSetting(value, -1);
  return hours >= 0 && hours <= NUMBER_SETTINGS.unpaid_order_hours.max ? hours : null;
};

/** A stored `exchange_days` in its range, else the default. */
const exchangeDaysOf = (value: string | undefined): number => {
  const days = intSetting(value, EXCHANGE_DAYS_DEFAULT);
  const { min, max } = NUMBER_SETTINGS.exchange_days;
  return days >= min && days <= max ? days : EXCHANGE_DAYS_DEFAULT;
};

/** A whole-number setting in its range, else `fallback`. */
const rangedSetting = (value: string | undefined, range: { min: number; max: number }, fallback: number) => {
  const n = intSetting(value, fallback);
  return n >= range.min && n <= range.max ? n : fallback;
};

/** A staff alert switch: on unless set to '0'. */
const switchSetting = (value: string | undefined) => value !== '0';

/** The keys `getShopSettings` reads. */
const SHOP_SETTING_KEYS = [
  'free_shipping_threshold_cents',
  'cash_reward_percent',
  'low_stock_default',
  'bank_name',
  'bank_account_name',
  'bank_account_number',
  'referral_award_cents',
  'default_commission_rate_bp',
  'unpaid_order_hours',
  'exchange_days',
  ...STAFF_ALERT_KINDS.map(staffAlertSetting),
  ...MARKETING_SWITCHES,
  'abandoned_cart_hours',
];

/**
 * The shop's settings (a handful of rows, read per request and never cached, so a change made in the back office
 * is used by the very next request on every instance). The one reader of these keys: what the owner's Settings
 * screen shows is what the shop, the referral award and the staff alerts use.
 */
export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SHOP_SETTING_KEYS).execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  return {
    freeShippingThresholdCents: intSetting(map.get('free_shipping_threshold_cents'), 0),
    cashRewardPercent: Math.min(100, intSetting(map.get('cash_reward_percent'), 0)),
    lowStockDefault: intSetting(map.get('low_stock_default'), LOW_STOCK_DEFAULT),
    bank: {
      bank_name: map.get('bank_name') ?? '',
      bank_account_name: map.get('bank_account_name') ?? '',
      bank_account_number: map.get('bank_account_number') ?? '',
    },
    referralAwardCents: intSetting(map.get('referral_award_cents'), 0),
    defaultCommissionRateBp: Math.min(
      intSetting(map.get('default_commission_rate_bp'), DEFAULT_COMMISSION_RATE_BP),
      10_000,
    ),
    unpaidOrderHours: storedUnpaidHours(map.get('unpaid_order_hours')),
    exchangeDays: exchangeDaysOf(map.get('exchange_days')),
    staffAlerts: Object.fromEntries(
      STAFF_ALERT_KINDS.map((kind) => [kind, switchSetting(map.get(staffAlertSetting(kind)))]),
    ) as Record<StaffAlertKind, boolean>,
    marketing: Object.fromEntries(MARKETING_SWITCHES.map((key) => [key, map.get(key) === '1'])) as Record<
      MarketingSwitch,
      boolean
    >,
    abandonedCartHours: rangedSetting(
      map.get('abandoned_cart_hours'),
      NUMBER_SETTINGS.abandoned_cart_hours,
      ABANDONED_CART_HOURS_DEFAULT,
    ),
  };
}

/** A setting that is created on first use with `create()` (e.g. a signing secret); the same for every instance. */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  const found = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

export async function listPaymentMethods(db: Db) {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findPaymentMethod(db: Db, code: string) {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('code', '=', code)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}
