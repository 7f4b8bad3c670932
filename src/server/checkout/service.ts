import { sql } from 'kysely';
import {
  addressFieldErrors,
  type CouponProblem,
  couponDiscountCents,
  couponProblem,
  deliveryFeeCents,
  normalizeCouponCode,
  orderTotals,
  type ShippingMethod,
  type Totals,
} from '../../common/checkout-rules';
import {
  type Address,
  type CashRewardEntry,
  type CouponInfo,
  MAX_ADDRESSES,
  type PaymentMethod,
  type PricedLine,
} from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import { formatMessage } from '../../common/i18n/messages';
import { formatCents } from '../../common/money';
import { encodeCursor } from '../catalog/cursor';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { AppError, invalidField } from '../lib/errors';
import { nowIso } from '../lib/time';
import { type CartInput, lineMessage, type PricedCart, priceCart } from './cart';
import { readCursor } from './cursor';
import * as repo from './repository';

// ---------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------

/** Whether Telegram payments can be taken: a provider token and a bot to make the invoice. */
export const paymentProviderConfigured = (config: Config): boolean =>
  Boolean(config.PAYMENT_PROVIDER_TOKEN && config.BOT_TOKEN);

export type CouponRow = NonNullable<Awaited<ReturnType<typeof repo.findCoupon>>>;

export const couponInfo = (c: CouponRow): CouponInfo => ({
  code: c.code,
  kind: c.kind === 'fixed' ? 'fixed' : 'percent',
  value: c.value,
  min_spend_cents: c.min_spend_cents,
  ends_at: c.ends_at,
});

/** Why the user cannot use this coupon on a cart of `subtotalCents` now, or null. */
export async function checkCoupon(
  db: Db,
  coupon: CouponRow,
  userId: number,
  subtotalCents: number,
): Promise<CouponProblem | null> {
  const userUses = coupon.per_user_limit === null ? 0 : await repo.countUserRedemptions(db, coupon.id, userId);
  return couponProblem(coupon, { nowIso: nowIso(), subtotalCents, userUses, formatAmount: formatCents });
}

/** An empty cart is refused with the spec's message. */
export function requireItems(items: CartInput[] | undefined): CartInput[] {
  if (!items || items.length === 0)
    throw new AppError(422, 'emptyCartCheckout', {}, [{ field: 'items', key: 'emptyCartCheckout' }]);
  return items;
}

/** The state a delivery goes to: an address of the caller's (404 for anyone else's), or a state id. */
export async function resolveState(db: Db, user: User, lang: Lang, ids: { addressId?: number; stateId?: number }) {
  if (ids.addressId !== undefined) {
    const address = await repo.findOwnAddress(db, user.id, ids.addressId, lang);
    if (!address) throw new AppError(404, 'addressNotFound', {}, [{ field: 'address_id', key: 'addressNotFound' }]);
    const state = await repo.findState(db, address.state_id);
    if (!state) throw invalidField('state_id', 'selectShippingState');
    return state;
  }
  if (ids.stateId !== undefined) {
    const state = await repo.findState(db, ids.stateId);
    if (!state) throw invalidField('state_id', 'selectShippingState');
    return state;
  }
  return null;
}

export const toPricedLine = (l: PricedCart['lines'][number], lang: Lang): PricedLine => ({
  index: l.index,
  product_id: l.product_id,
  variant_id: l.variant_id,
  name: lang === 'zh' ? l.name_zh : l.name_en,
  variant_name: lang === 'zh' ? l.variant_name_zh : l.variant_name_en,
  image: l.image,
  quantity: l.quantity,
  frequency_weeks: l.frequency_weeks,
  unit_price_cents: l.unit_price_cents,
  line_total_cents: l.line_total_cents,
  stock: l.stock,
  problem: l.problem,
  message: lineMessage(l, lang),
});

// ---------------------------------------------------------------------------
// States, fees, payment methods
// ---------------------------------------------------------------------------

export async function getStates(db: Db, lang: Lang, country?: string) {
  const [states, settings] = await Promise.all([repo.listStates(db, lang, country), repo.getShopSettings(db)]);
  return { states, free_shipping_threshold_cents: settings.freeShippingThresholdCents };
}

export async function getShippingFee(
  db: Db,
  input: { stateId?: number; method?: ShippingMethod; items?: CartInput[] },
) {
  if (input.stateId === undefined) throw invalidField('state_id', 'selectShippingState');
  const state = await repo.findState(db, input.stateId);
  if (!state) throw invalidField('state_id', 'selectShippingState');
  const items = requireItems(input.items);
  const method = input.method ?? 'standard';
  const [cart, settings] = await Promise.all([priceCart(db, items), repo.getShopSettings(db)]);
  const fee = deliveryFeeCents(state, method, cart.subtotalCents, settings.freeShippingThresholdCents);
  return {
    fee_cents: fee,
    subtotal_cents: cart.subtotalCents,
    free_shipping_threshold_cents: settings.freeShippingThresholdCents,
    is_free: fee === 0,
    method,
  };
}

export async function getPaymentMethods(db: Db, config: Config, lang: Lang): Promise<PaymentMethod[]> {
  const [methods, settings] = await Promise.all([repo.listPaymentMethods(db), repo.getShopSettings(db)]);
  return methods
    .filter((m) => m.code === 'bank_transfer' || m.code === 'payment_link')
    .map((m) => ({
      id: m.id,
      code: m.code as PaymentMethod['code'],
      name: lang === 'zh' ? m.name_zh : m.name_en,
      instructions: lang === 'zh' ? m.instructions_zh : m.instructions_en,
      available: m.code === 'payment_link' ? paymentProviderConfigured(config) : true,
      bank: m.code === 'bank_transfer' ? settings.bank : null,
      requires_receipt: m.code === 'bank_transfer',
    }));
}

// ---------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------

type AddressRow = NonNullable<Awaited<ReturnType<typeof repo.findOwnAddress>>>;

const toAddress = (a: Omit<AddressRow, 'state_name_en' | 'state_name_zh' | 'state_country'>): Address => ({
  id: a.id,
  receiver_name: a.receiver_name,
  phone: a.phone,
  address: a.address,
  city: a.city,
  state_id: a.state_id,
  state_name: a.state_name,
  zip: a.zip,
  company: a.company,
  country: a.country,
  is_default: a.is_default === 1,
});

export async function listAddresses(db: Db, user: User, lang: Lang): Promise<Address[]> {
  return (await repo.listAddresses(db, user.id, lang)).map(toAddress);
}

export interface SaveAddressInput {
  address_id?: number;
  receiver_name?: string;
  phone?: string;
  address?: string;
  city?: string;
  state_id?: number;
  zip?: string;
  company?: string;
  country?: string;
  is_default?: boolean;
}

/** Creates or updates (own only) an address; each blank required field answers its spec message. */
export async function saveAddress(db: Db, user: User, input: SaveAddressInput, lang: Lang): Promise<Address> {
  const errors = addressFieldErrors(input);
  if (errors.length) throw new AppError(422, errors[0]!.key, {}, errors);
  const state = await repo.findState(db, input.state_id as number);
  if (!state) throw invalidField('state_id', 'selectShippingState');
  if (input.country && input.country.toUpperCase() !== state.country) {
    throw invalidField('country', 'countryStateMismatch');
  }
  const values: repo.AddressValues = {
    receiver_name: (input.receiver_name as string).trim(),
    phone: (input.phone as string).trim(),
    address: (input.address as string).trim(),
    city: (input.city as string).trim(),
    state_id: state.id,
    zip: (input.zip as string).trim(),
    company: input.company?.trim() || null,
    country: state.country,
  };
  const id = await db.transaction().execute(async (trx) => {
    let addressId: number;
    if (input.address_id !== undefined) {
      const updated = await repo.updateAddress(trx, user.id, input.address_id, values);
      if (!updated) throw new AppError(404, 'addressNotFound', {}, [{ field: 'address_id', key: 'addressNotFound' }]);
      addressId = input.address_id;
    } else {
      const count = await repo.countAddresses(trx, user.id);
      if (count >= MAX_ADDRESSES) throw new AppError(409, 'addressLimit', { max: MAX_ADDRESSES });
      addressId = await repo.insertAddress(trx, user.id, values, count === 0);
    }
    if (input.is_default) await repo.setDefaultAddress(trx, user.id, addressId);
    return addressId;
  });
  const saved = await repo.findOwnAddress(db, user.id, id, lang);
  if (!saved) throw new AppError(404, 'addressNotFound');
  return toAddress(saved);
}

export async function deleteAddress(db: Db, user: User, addressId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const own = await repo.findOwnAddress(trx, user.id, addressId, 'en');
    if (!own) throw new AppError(404, 'addressNotFound', {}, [{ field: 'address_id', key: 'addressNotFound' }]);
    if (await repo.addressUsedBySubscription(trx, addressId)) throw new AppError(409, 'addressInUse');
    await repo.deleteAddress(trx, user.id, addressId);
    if (own.is_default === 1) {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', user.id)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (next) await repo.setDefaultAddress(trx, user.id, next.id);
    }
  });
}

// ---------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------

export async function findCouponByCode(db: Db, code: string) {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', normalizeCouponCode(code))
    .executeTakeFirst();
}

/** Checks a coupon against the caller's cart and applies it (replacing any other). */
export async function validateCoupon(db: Db, user: User, input: { code?: string; items?: CartInput[] }) {
  if (!input.code) throw invalidField('code', 'enterCouponCode');
  const items = requireItems(input.items);
  const coupon = await findCouponByCode(db, input.code);
  if (coupon?.is_active !== 1) throw invalidField('code', 'couponNotFound');
  const cart = await priceCart(db, items);
  const problem = await checkCoupon(db, coupon, user.id, cart.subtotalCents);
  if (problem) throw invalidField('code', problem.key, problem.params);
  await repo.upsertCouponApplication(db, user.id, coupon.id);
  return {
    coupon: couponInfo(coupon),
    discount_cents: couponDiscountCents(coupon, cart.subtotalCents),
    subtotal_cents: cart.subtotalCents,
  };
}

// ---------------------------------------------------------------------------
// Cash reward
// ---------------------------------------------------------------------------

export async function updateHold(db: Db, user: User, amountCents: number | undefined) {
  if (amountCents === undefined) throw invalidField('amount_cents', 'enterRedeemAmount');
  const balance = await repo.getBalance(db, user.id);
  if (amountCents > balance) throw invalidField('amount_cents', 'redeemOverBalance', { amount: formatCents(balance) });
  await repo.setHold(db, user.id, amountCents);
  return { on_hold_cents: amountCents, balance_cents: balance };
}

export async function cashRebateList(db: Db, user: User, input: { cursor?: string; limit?: number }) {
  const limit = input.limit ?? 20;
  const after = input.cursor ? readCursor(input.cursor) : undefined;
  const [balance, hold, totals, rows, settings] = await Promise.all([
    repo.getBalance(db, user.id),
    repo.getHold(db, user.id),
    repo.ledgerTotals(db, user.id),
    repo.listLedger(db, user.id, limit, after),
    repo.getShopSettings(db),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const entries: CashRewardEntry[] = page.map((r) => ({
    id: r.id,
    type: r.type as CashRewardEntry['type'],
    order_no: r.order_no ?? null,
    spend_cents: r.spend_cents,
    amount_cents: r.amount_cents,
    balance_after_cents: r.balance_after_cents,
    status: r.status === 'Inactive' ? 'Inactive' : 'Active',
    created_at: r.created_at,
  }));
  return {
    balance_cents: balance,
    on_hold_cents: Math.min(hold, balance),
    total_earned_cents: totals.earned,
    total_redeemed_cents: totals.redeemed,
    reward_percent: settings.cashRewardPercent,
    entries,
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------

export interface SummaryInput {
  items?: CartInput[];
  addressId?: number;
  stateId?: number;
  method?: ShippingMethod;
  useCoupon?: boolean;
  useCashReward?: boolean;
}

export interface Quote {
  cart: PricedCart;
  state: Awaited<ReturnType<typeof repo.findState>> | null;
  method: ShippingMethod;
  settings: repo.ShopSettings;
  coupon: { row: CouponRow; problem: CouponProblem | null; discount: number } | null;
  balance: number;
  hold: number;
  totals: Totals;
}

/** Prices a checkout now: lines, fee, applied coupon and held cash reward (reads only). */
export async function quote(db: Db, user: User, lang: Lang, input: SummaryInput): Promise<Quote> {
  const items = requireItems(input.items);
  const method = input.method ?? 'standard';
  const state = await resolveState(db, user, lang, input);
  const [cart, settings, application, balance, hold] = await Promise.all([
    priceCart(db, items, state ?? undefined),
    repo.getShopSettings(db),
    input.useCoupon === false ? Promise.resolve(undefined) : repo.findCouponApplication(db, user.id),
    repo.getBalance(db, user.id),
    input.useCashReward === false ? Promise.resolve(0) : repo.getHold(db, user.id),
  ]);
  let coupon: Quote['coupon'] = null;
  if (application) {
    const problem = await checkCoupon(db, application, user.id, cart.subtotalCents);
    coupon = {
      row: application,
      problem,
      discount: problem ? 0 : couponDiscountCents(application, cart.subtotalCents),
    };
  }
  const fee = state ? deliveryFeeCents(state, method, cart.subtotalCents, settings.freeShippingThresholdCents) : 0;
  const totals = orderTotals({
    subtotalCents: cart.subtotalCents,
    deliveryFeeCents: fee,
    couponDiscountCents: coupon?.discount ?? 0,
    cashRewardHeldCents: Math.min(hold, balance),
  });
  return { cart, state, method, settings, coupon, balance, hold, totals };
}

export async function checkoutSummary(db: Db, user: User, lang: Lang, input: SummaryInput) {
  const q = await quote(db, user, lang, input);
  const couponMessage = q.coupon?.problem ? formatMessage(lang, q.coupon.problem.key, q.coupon.problem.params) : null;
  const problems = [
    ...q.cart.problems.map((l) => lineMessage(l, lang) ?? ''),
    ...(couponMessage ? [couponMessage] : []),
  ];
  return {
    lines: q.cart.lines.map((l) => toPricedLine(l, lang)),
    totals: q.totals,
    shipping_method: q.method,
    free_shipping_threshold_cents: q.settings.freeShippingThresholdCents,
    state_id: q.state?.id ?? null,
    coupon: q.coupon
      ? {
          info: couponInfo(q.coupon.row),
          valid: !q.coupon.problem,
          message: couponMessage,
          discount_cents: q.coupon.discount,
        }
      : null,
    cash_reward: {
      balance_cents: q.balance,
      on_hold_cents: Math.min(q.hold, q.balance),
      applied_cents: q.totals.cash_reward_cents,
    },
    problems,
    can_place: problems.length === 0 && q.state !== null,
  };
}
