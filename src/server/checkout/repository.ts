import { sql } from 'kysely';
import type { Lang } from '../../common/contract/lang';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';

// All checkout SQL: settings, states, payment methods, addresses, coupons, holds and the cash ledger.
// Every function takes the database or a transaction (a Transaction is a Db).

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

export interface ShopSettings {
  freeShippingThresholdCents: number;
  cashRewardPercent: number;
  bank: { bank_name: string; bank_account_name: string; bank_account_number: string };
}

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
      'bank_name',
      'bank_account_name',
      'bank_account_number',
    ])
    .execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  return {
    freeShippingThresholdCents: intSetting(map.get('free_shipping_threshold_cents'), 0),
    cashRewardPercent: Math.min(100, intSetting(map.get('cash_reward_percent'), 0)),
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

// ---------------------------------------------------------------------------
// States and payment methods
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------

const addressColumns = (lang: Lang) =>
  [
    'addresses.id',
    'addresses.receiver_name',
    'addresses.phone',
    'addresses.address',
    'addresses.city',
    'addresses.state_id',
    lang === 'zh' ? 'states.name_zh as state_name' : 'states.name_en as state_name',
    'addresses.zip',
    'addresses.company',
    'addresses.country',
    'addresses.is_default',
  ] as const;

export async function listAddresses(db: Db, userId: number, lang: Lang) {
  return db
    .selectFrom('addresses')
    .innerJoin('states', 'states.id', 'addresses.state_id')
    .select(addressColumns(lang))
    .where('addresses.user_id', '=', userId)
    .orderBy('addresses.is_default', 'desc')
    .orderBy('addresses.updated_at', 'desc')
    .orderBy('addresses.id', 'desc')
    .execute();
}

export async function findOwnAddress(db: Db, userId: number, addressId: number, lang: Lang) {
  return db
    .selectFrom('addresses')
    .innerJoin('states', 'states.id', 'addresses.state_id')
    .select(addressColumns(lang))
    .select(['states.name_en as state_name_en', 'states.name_zh as state_name_zh', 'states.country as state_country'])
    .where('addresses.user_id', '=', userId)
    .where('addresses.id', '=', addressId)
    .executeTakeFirst();
}

/** One of the user's addresses with its state (fees included), in one query; undefined if not theirs. */
export async function findOwnAddressAndState(db: Db, userId: number, addressId: number) {
  const row = await db
    .selectFrom('addresses')
    .innerJoin('states', 'states.id', 'addresses.state_id')
    .selectAll('addresses')
    .select([
      'states.code as state_code',
      'states.name_en as state_name_en',
      'states.name_zh as state_name_zh',
      'states.country as state_country',
      'states.standard_fee_cents',
      'states.expedited_fee_cents',
      'states.sort_order as state_sort_order',
    ])
    .where('addresses.user_id', '=', userId)
    .where('addresses.id', '=', addressId)
    .executeTakeFirst();
  if (!row) return undefined;
  const state = {
    id: row.state_id,
    code: row.state_code,
    name_en: row.state_name_en,
    name_zh: row.state_name_zh,
    country: row.state_country,
    standard_fee_cents: row.standard_fee_cents,
    expedited_fee_cents: row.expedited_fee_cents,
    sort_order: row.state_sort_order,
  };
  return { address: row, state };
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AddressValues {
  receiver_name: string;
  phone: string;
  address: string;
  city: string;
  state_id: number;
  zip: string;
  company: string | null;
  country: string;
}

export async function insertAddress(db: Db, userId: number, values: AddressValues, isDefault: boolean) {
  const now = nowIso();
  const row = await db
    .insertInto('addresses')
    .values({ ...values, user_id: userId, is_default: isDefault ? 1 : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(db: Db, userId: number, addressId: number, values: AddressValues) {
  const result = await db
    .updateTable('addresses')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes one address the user's default (and no other). */
export async function setDefaultAddress(db: Db, userId: number, addressId: number) {
  await db
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('id', '!=', addressId)
    .where('is_default', '=', 1)
    .execute();
  await db
    .updateTable('addresses')
    .set({ is_default: 1 })
    .where('user_id', '=', userId)
    .where('id', '=', addressId)
    .execute();
}

export async function addressUsedBySubscription(db: Db, addressId: number): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('address_id', '=', addressId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function deleteAddress(db: Db, userId: number, addressId: number) {
  const result = await db
    .deleteFrom('addresses')
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------

export async function findCouponByCode(db: Db, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function findCoupon(db: Db, couponId: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst();
}

/** How many of the user's placed (not cancelled) orders used the coupon. */
export async function countUserRedemptions(db: Db, couponId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select(sql<number>`count(*)`.as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The coupon applied to the user's checkout, if any. */
export async function findCouponApplication(db: Db, userId: number) {
  return db
    .selectFrom('coupon_applications')
    .innerJoin('coupons', 'coupons.id', 'coupon_applications.coupon_id')
    .selectAll('coupons')
    .where('coupon_applications.user_id', '=', userId)
    .executeTakeFirst();
}

/** Applies a coupon to the user's checkout, replacing any other (one application per user). */
export async function upsertCouponApplication(db: Db, userId: number, couponId: number) {
  const now = nowIso();
  await db
    .insertInto('coupon_applications')
    .values({ user_id: userId, coupon_id: couponId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ coupon_id: couponId, created_at: now }))
    .execute();
}

export async function deleteCouponApplications(db: Db, userId: number) {
  await db.deleteFrom('coupon_applications').where('user_id', '=', userId).execute();
}

/**
 * Counts one use of a coupon if it has uses left (a conditional update: concurrent checkouts never
 * push it past its limit). On PostgreSQL this also locks the coupon row until the transaction ends,
 * which serialises the per-user check that follows.
 */
export async function takeCouponUse(db: Db, couponId: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', couponId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a coupon use back (a cancelled order); never below zero. */
export async function returnCouponUse(db: Db, couponId: number) {
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}

// ---------------------------------------------------------------------------
// Cash reward
// ---------------------------------------------------------------------------

export async function getBalance(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('cash_balance_cents').where('id', '=', userId).executeTakeFirst();
  return row?.cash_balance_cents ?? 0;
}

export async function getHold(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cash_reward_holds')
    .select('amount_cents')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.amount_cents ?? 0;
}

export async function setHold(db: Db, userId: number, amountCents: number) {
  if (amountCents <= 0) {
    await db.deleteFrom('cash_reward_holds').where('user_id', '=', userId).execute();
    return;
  }
  const now = nowIso();
  await db
    .insertInto('cash_reward_holds')
    .values({ user_id: userId, amount_cents: amountCents, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ amount_cents: amountCents, updated_at: now }))
    .execute();
}

/** Removes the user's hold and answers what it held (0 if none): a hold is used by one order only. */
export async function consumeHold(db: Db, userId: number): Promise<number> {
  const rows = await db
    .deleteFrom('cash_reward_holds')
    .where('user_id', '=', userId)
    .returning('amount_cents')
    .execute();
  return rows[0]?.amount_cents ?? 0;
}

/**
 * Takes `amount` from the user's balance only if it is there (conditional update: the balance never
 * goes below zero and is never spent twice). Answers the new balance, or null when it was short.
 */
export async function spendBalance(db: Db, userId: number, amountCents: number): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ cash_balance_cents: eb('cash_balance_cents', '-', amountCents) }))
    .where('id', '=', userId)
    .where('cash_balance_cents', '>=', amountCents)
    .returning('cash_balance_cents')
    .executeTakeFirst();
  return row ? row.cash_balance_cents : null;
}

/** Adds to the user's balance; answers the new balance. */
export async function creditBalance(db: Db, userId: number, amountCents: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ cash_balance_cents: eb('cash_balance_cents', '+', amountCents) }))
    .where('id', '=', userId)
    .returning('cash_balance_cents')
    .executeTakeFirstOrThrow();
  return row.cash_balance_cents;
}

export async function insertLedgerEntry(
  db: Db,
  entry: {
    user_id: number;
    order_id: number | null;
    type: 'earned' | 'redeemed' | 'returned';
    spend_cents: number;
    amount_cents: number;
    balance_after_cents: number;
  },
) {
  await db
    .insertInto('cash_rewards')
    .values({ ...entry, status: 'Active', created_at: nowIso() })
    .execute();
}

export async function listLedger(db: Db, userId: number, limit: number, after?: { createdAt: string; id: number }) {
  let q = db
    .selectFrom('cash_rewards')
    .leftJoin('orders', 'orders.id', 'cash_rewards.order_id')
    .select([
      'cash_rewards.id',
      'cash_rewards.type',
      'orders.order_no',
      'cash_rewards.spend_cents',
      'cash_rewards.amount_cents',
      'cash_rewards.balance_after_cents',
      'cash_rewards.status',
      'cash_rewards.created_at',
    ])
    .where('cash_rewards.user_id', '=', userId)
    .orderBy('cash_rewards.created_at', 'desc')
    .orderBy('cash_rewards.id', 'desc')
    .limit(limit + 1);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('cash_rewards.created_at', '<', after.createdAt),
        eb.and([eb('cash_rewards.created_at', '=', after.createdAt), eb('cash_rewards.id', '<', after.id)]),
      ]),
    );
  }
  return q.execute();
}

export async function ledgerTotals(db: Db, userId: number) {
  const rows = await db
    .selectFrom('cash_rewards')
    .select(['type', sql<number>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('user_id', '=', userId)
    .groupBy('type')
    .execute();
  const total = (type: string) => Number(rows.find((r) => r.type === type)?.total ?? 0);
  return {
    earned: total('earned'),
    // Redeemed entries are negative; a returned one gives a redemption back.
    redeemed: Math.max(0, -total('redeemed') - total('returned')),
  };
}

// ---------------------------------------------------------------------------
// Cart lines
// ---------------------------------------------------------------------------

/** The packagings of a cart with their products, in variant id order. */
export async function findVariants(db: Db, variantIds: number[]) {
  if (!variantIds.length) return [];
  return db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select([
      'product_variants.id as variant_id',
      'product_variants.product_id',
      'product_variants.name_en as variant_name_en',
      'product_variants.name_zh as variant_name_zh',
      'product_variants.price_cents',
      'product_variants.discount_price_cents',
      'product_variants.stock',
      'products.name_en',
      'products.name_zh',
      'products.image',
      'products.is_active',
      'products.stock_state',
      'products.subscribable',
      'products.available_ph',
      'products.available_cn',
    ])
    .where('product_variants.id', 'in', variantIds)
    .orderBy('product_variants.id')
    .execute();
}
export type VariantRow = Awaited<ReturnType<typeof findVariants>>[number];
