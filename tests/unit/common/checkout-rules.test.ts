import {
  addressFieldErrors,
  canChangeOrder,
  cashRewardEarnedCents,
  changeWindowEnds,
  chargedUnitCents,
  couponDiscountCents,
  couponProblem,
  deliversTo,
  deliveryFeeCents,
  isOrderableQuantity,
  normalizeCouponCode,
  orderTotals,
  rewardBaseCents,
} from '../../../src/common/checkout-rules';
import { formatCents } from '../../../src/common/money';

describe('checkout rules', () => {
  it('charges the sale price, 15% off for Subscribe & save', () => {
    expect(chargedUnitCents({ price_cents: 2000, discount_price_cents: null }, 0)).toBe(2000);
    expect(chargedUnitCents({ price_cents: 2000, discount_price_cents: 1800 }, 0)).toBe(1800);
    // A "discount" that is not below the price is not a discount.
    expect(chargedUnitCents({ price_cents: 2000, discount_price_cents: 2500 }, 0)).toBe(2000);
    expect(chargedUnitCents({ price_cents: 2000, discount_price_cents: 1800 }, 4)).toBe(1530);
    expect(chargedUnitCents({ price_cents: 1099, discount_price_cents: null }, 2)).toBe(934);
    expect(() => chargedUnitCents({ price_cents: 1000, discount_price_cents: null }, 3)).toThrow(RangeError);
  });

  it('orders whole quantities from 1 to the stock only', () => {
    expect(isOrderableQuantity(1, 5)).toBe(true);
    expect(isOrderableQuantity(5, 5)).toBe(true);
    for (const q of [0, -1, 1.5, 6, Number.NaN, '2', null]) expect(isOrderableQuantity(q, 5)).toBe(false);
  });

  it('delivery: the state fee by method, free at or above the threshold', () => {
    const state = { standard_fee_cents: 450, expedited_fee_cents: 900 };
    expect(deliveryFeeCents(state, 'standard', 7499, 7500)).toBe(450);
    expect(deliveryFeeCents(state, 'expedited', 7499, 7500)).toBe(900);
    expect(deliveryFeeCents(state, 'expedited', 7500, 7500)).toBe(0);
    expect(deliveryFeeCents(state, 'standard', 100_000, 0)).toBe(450);
  });

  it('coupon discounts: percent rounded half up, fixed capped at the subtotal', () => {
    expect(couponDiscountCents({ kind: 'percent', value: 10 }, 5005)).toBe(501);
    expect(couponDiscountCents({ kind: 'percent', value: 150 }, 5000)).toBe(5000);
    expect(couponDiscountCents({ kind: 'fixed', value: 500 }, 5000)).toBe(500);
    expect(couponDiscountCents({ kind: 'fixed', value: 500 }, 300)).toBe(300);
    expect(normalizeCouponCode('  welcome10 ')).toBe('WELCOME10');
  });

  it('says why a coupon cannot be used, in order of the rules', () => {
    const base = {
      kind: 'percent',
      value: 10,
      min_spend_cents: 2000,
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2026-12-31T00:00:00.000Z',
      usage_limit: 5,
      per_user_limit: 1,
      used_count: 0,
      is_active: 1,
    };
    const ctx = { nowIso: '2026-06-01T00:00:00.000Z', subtotalCents: 3000, userUses: 0, formatAmount: formatCents };
    expect(couponProblem(base, ctx)).toBeNull();
    expect(couponProblem({ ...base, is_active: 0 }, ctx)?.key).toBe('couponNotFound');
    expect(couponProblem(base, { ...ctx, nowIso: '2025-12-31T23:59:59.000Z' })?.key).toBe('couponNotStarted');
    expect(couponProblem(base, { ...ctx, nowIso: '2026-12-31T00:00:00.000Z' })?.key).toBe('couponExpired');
    expect(couponProblem({ ...base, used_count: 5 }, ctx)?.key).toBe('couponUsedUp');
    expect(couponProblem(base, { ...ctx, userUses: 1 })?.key).toBe('couponUserLimit');
    expect(couponProblem(base, { ...ctx, subtotalCents: 1999 })).toEqual({
      key: 'couponMinSpend',
      params: { amount: '$20.00' },
    });
    expect(
      couponProblem(
        { ...base, usage_limit: null, per_user_limit: null, starts_at: null, ends_at: null },
        { ...ctx, userUses: 99 },
      ),
    ).toBeNull();
  });

  it('totals: discount capped at the subtotal, cash reward capped at what is left, never negative', () => {
    expect(
      orderTotals({ subtotalCents: 5000, deliveryFeeCents: 450, couponDiscountCents: 500, cashRewardHeldCents: 300 }),
    ).toEqual({
      subtotal_cents: 5000,
      delivery_fee_cents: 450,
      coupon_discount_cents: 500,
      cash_reward_cents: 300,
      total_cents: 4650,
    });
    expect(
      orderTotals({
        subtotalCents: 1000,
        deliveryFeeCents: 450,
        couponDiscountCents: 5000,
        cashRewardHeldCents: 10_000,
      }),
    ).toEqual({
      subtotal_cents: 1000,
      delivery_fee_cents: 450,
      coupon_discount_cents: 1000,
      cash_reward_cents: 450,
      total_cents: 0,
    });
  });

  it('cash reward earned: the percentage of the subtotal', () => {
    expect(cashRewardEarnedCents(6000, 5)).toBe(300);
    expect(cashRewardEarnedCents(1010, 5)).toBe(51);
    expect(cashRewardEarnedCents(6000, 0)).toBe(0);
  });

  it('cash reward is earned on what was paid for goods: subtotal − coupon − cash reward redeemed, never below 0', () => {
    expect(rewardBaseCents({ subtotal_cents: 6000, coupon_discount_cents: 500, cash_reward_cents: 300 })).toBe(5200);
    expect(rewardBaseCents({ subtotal_cents: 6000, coupon_discount_cents: 0, cash_reward_cents: 0 })).toBe(6000);
    // A reward that also paid the delivery fee leaves nothing for goods.
    expect(rewardBaseCents({ subtotal_cents: 1000, coupon_discount_cents: 0, cash_reward_cents: 1450 })).toBe(0);
    expect(
      cashRewardEarnedCents(
        rewardBaseCents({ subtotal_cents: 6000, coupon_discount_cents: 500, cash_reward_cents: 300 }),
        5,
      ),
    ).toBe(260);
  });

  it('delivery: the Philippines and China each by the product’s flag', () => {
    const phOnly = { available_ph: 1, available_cn: 0 };
    expect(deliversTo(phOnly, 'PH')).toBe(true);
    expect(deliversTo(phOnly, 'CN')).toBe(false);
    expect(deliversTo({ available_ph: 0, available_cn: 1 }, 'PH')).toBe(false);
    expect(deliversTo(phOnly, 'SG')).toBe(true);
  });

  it('the change window is 15 minutes, for Pending and Paid orders', () => {
    const placed = '2026-03-01T10:00:00.000Z';
    expect(changeWindowEnds(placed)).toBe('2026-03-01T10:15:00.000Z');
    expect(canChangeOrder('Pending', placed, Date.parse('2026-03-01T10:14:59.999Z'))).toBe(true);
    expect(canChangeOrder('Paid', placed, Date.parse('2026-03-01T10:14:59.999Z'))).toBe(true);
    expect(canChangeOrder('Pending', placed, Date.parse('2026-03-01T10:15:00.000Z'))).toBe(false);
    expect(canChangeOrder('Processing', placed, Date.parse('2026-03-01T10:01:00.000Z'))).toBe(false);
  });

  it('names every blank address field with its own message, in form order', () => {
    expect(
      addressFieldErrors({ receiver_name: 'A', phone: '1', address: 'x', city: 'c', state_id: 1, zip: '1' }),
    ).toEqual([]);
    expect(addressFieldErrors({ receiver_name: ' ', phone: '', city: 'c', state_id: 0, zip: '1' })).toEqual([
      { field: 'receiver_name', key: 'enterReceiverName' },
      { field: 'phone', key: 'enterShippingContact' },
      { field: 'address', key: 'enterShippingAddress' },
      { field: 'state_id', key: 'selectShippingState' },
    ]);
  });
});
