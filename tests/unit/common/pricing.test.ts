import {
  cheapestPackaging,
  FREQUENCIES,
  hasDiscount,
  isFrequency,
  linePriceCents,
  listedSaleCents,
  pricesVary,
  SUBSCRIPTION_DISCOUNT_PERCENT,
  saleUnitCents,
  subscriptionCents,
  unitPriceCents,
} from '../../../src/common/pricing';

const plain = { price_cents: 1200, discount_price_cents: null, has_discount: false };
const onSale = { price_cents: 1200, discount_price_cents: 990, has_discount: true };

describe('constants', () => {
  it('Subscribe & save is 15% every 2, 4 or 8 weeks, 0 being one-time', () => {
    expect(SUBSCRIPTION_DISCOUNT_PERCENT).toBe(15);
    expect([...FREQUENCIES]).toEqual([0, 2, 4, 8]);
    expect(isFrequency(4)).toBe(true);
    expect(isFrequency(3)).toBe(false);
    expect(isFrequency('2')).toBe(false);
  });
});

describe('hasDiscount', () => {
  it('needs a discount price below the price', () => {
    expect(hasDiscount(1200, 990)).toBe(true);
    expect(hasDiscount(1200, null)).toBe(false);
    expect(hasDiscount(1200, undefined)).toBe(false);
    expect(hasDiscount(1200, 1200)).toBe(false);
    expect(hasDiscount(1200, 1300)).toBe(false);
  });
});

describe('unitPriceCents', () => {
  it('one-time: the regular price, or the discount price when it applies', () => {
    expect(unitPriceCents(plain, 0)).toBe(1200);
    expect(unitPriceCents(onSale, 0)).toBe(990);
    expect(saleUnitCents({ ...onSale, has_discount: false })).toBe(1200);
  });

  it('subscriptions take 15% off that price, the saving rounded half up', () => {
    for (const weeks of [2, 4, 8]) {
      expect(unitPriceCents(plain, weeks)).toBe(1020); // 1200 − 180
      expect(unitPriceCents(onSale, weeks)).toBe(841); // 990 − 148.5 → 990 − 149
    }
    expect(subscriptionCents(10)).toBe(8); // saving 1.5 → 2
    expect(subscriptionCents(1099)).toBe(934); // saving 164.85 → 165
    expect(subscriptionCents(0)).toBe(0);
  });

  it('always gives whole cents', () => {
    for (let cents = 0; cents < 2000; cents += 7) {
      const v = { price_cents: cents, discount_price_cents: null, has_discount: false };
      expect(Number.isInteger(unitPriceCents(v, 4))).toBe(true);
    }
  });

  it('refuses a frequency that is not offered', () => {
    expect(() => unitPriceCents(plain, 3)).toThrow(RangeError);
    expect(() => unitPriceCents(plain, -2)).toThrow(RangeError);
  });
});

describe('linePriceCents (the line price of docs/product.md section 4)', () => {
  it('quantity × discount_price when has_discount and a discount price exists', () => {
    expect(linePriceCents({ quantity: 3, unit_price: 1200, has_discount: true, discount_price: 990 })).toBe(2970);
    expect(linePriceCents({ quantity: 2, unit_price: 1200, has_discount: 1, discount_price: 990 })).toBe(1980);
  });

  it('otherwise quantity × unit_price', () => {
    expect(linePriceCents({ quantity: 3, unit_price: 1200, has_discount: false, discount_price: 990 })).toBe(3600);
    expect(linePriceCents({ quantity: 3, unit_price: 1200, has_discount: true, discount_price: null })).toBe(3600);
    expect(linePriceCents({ quantity: 3, unit_price: 1200, has_discount: true })).toBe(3600);
    expect(linePriceCents({ quantity: 0, unit_price: 1200, has_discount: false })).toBe(0);
  });

  it('refuses a fractional or negative quantity', () => {
    expect(() => linePriceCents({ quantity: 1.5, unit_price: 100, has_discount: false })).toThrow(RangeError);
    expect(() => linePriceCents({ quantity: -1, unit_price: 100, has_discount: false })).toThrow(RangeError);
  });
});

describe('the packaging a product is priced by (docs/decisions/055)', () => {
  const p = (id: number, price: number, discount: number | null = null) => ({
    id,
    price_cents: price,
    discount_price_cents: discount,
  });

  it('is the cheapest by the price a shopper pays, the first in order among equals', () => {
    expect(cheapestPackaging([p(1, 1700), p(2, 1100), p(3, 2500)])?.id).toBe(2);
    expect(cheapestPackaging([p(1, 1700, 990), p(2, 1000)])?.id).toBe(1);
    expect(cheapestPackaging([p(1, 1200), p(2, 1500, 1200), p(3, 1200)])?.id).toBe(1);
    expect(cheapestPackaging([])).toBeUndefined();
  });

  it('ignores a discount price that is not below the price, as the card and the page do', () => {
    expect(listedSaleCents(p(1, 1000, 1200))).toBe(1000);
    expect(cheapestPackaging([p(1, 1000, 1200), p(2, 1100)])?.id).toBe(1);
    expect(cheapestPackaging([p(1, 1300, 1250), p(2, 1260)])?.id).toBe(1);
  });

  it('says whether the prices vary (the card\'s "From")', () => {
    expect(pricesVary([p(1, 1100), p(2, 1700)])).toBe(true);
    expect(pricesVary([p(1, 1100), p(2, 1500, 1100)])).toBe(false);
    expect(pricesVary([p(1, 1100)])).toBe(false);
    expect(pricesVary([])).toBe(false);
  });
});
