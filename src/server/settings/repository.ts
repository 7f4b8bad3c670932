import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';

// The shop's settings, states (with their shipping fees) and payment methods. Every function takes the
// database or a transaction (a Transaction is a Db).

export interface ShopSettings {
  freeShippingThresholdCents: number;
  cashRewardPercent: number;
  /** A packaging is low at or below this stock unless its product sets its own threshold (dashboard). */
  lowStockDefault: number;
  bank: { bank_name: string; bank_account_name: string; bank_account_number: string };
}

/** The `low_stock_default` setting when the shop has not set one. */
export const LOW_STOCK_DEFAULT = 5;

const intSetting = (value: string | undefined, fallback: number) => {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

/** The shop's settings (a handful of rows, read per request so every instance sees a change). */
export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [
      'free_shipping_threshold_cents',
      'cash_reward_percent',
      'low_stock_default',
      'bank_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .execute();
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

export async function listStates(db: Db, lang: Lang, country?: string) {
  let q = db
    .selectFrom('states')
    .select([
      'id',
      'code',
      lang === 'zh' ? 'name_zh as name' : 'name_en as name',
      'country',
      'standard_fee_cents',
      'expedited_fee_cents',
    ])
    .orderBy('sort_order')
    .orderBy('id');
  if (country) q = q.where('country', '=', country);
  return q.execute();
}

export async function findState(db: Db, stateId: number) {
  return db.selectFrom('states').selectAll().where('id', '=', stateId).executeTakeFirst();
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
