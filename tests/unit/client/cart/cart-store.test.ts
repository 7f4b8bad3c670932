/** @vitest-environment jsdom */
import type { UserInfo } from '@common/contract/accounts';
import type { Variant as Packaging } from '@common/contract/catalog';
import { lineFromProduct, lineKey, lineName, parseStoredCart } from '../../../../src/client/entities/cart/cart-rules';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { useSession } from '../../../../src/client/stores/session-store';
import { lineInput } from '../toolkit/fixtures/cart';

const stored = () => JSON.parse(localStorage.getItem('cart') ?? 'null') as unknown;
const cart = () => useCart.getState();

beforeEach(() => {
  localStorage.clear();
  cart().clear();
});

describe('cart store: adding (docs/product.md §4)', () => {
  it('adds a new line within stock and derives count, quantity and total', () => {
    expect(cart().add(lineInput({ quantity: 2 }))).toEqual({ ok: true });
    expect(cart().lines).toHaveLength(1);
    expect(cart()).toMatchObject({ itemCount: 1, totalQuantity: 2, totalCents: 2500 });
    expect(cart().lines[0]).toMatchObject({ quantity: 2, totalPrice: '25.00', index: 0 });
  });

  it('adds a new line of exactly the stock, and refuses one above it', () => {
    expect(cart().add(lineInput({ quantity: 5 })).ok).toBe(true);
    cart().clear();
    expect(cart().add(lineInput({ quantity: 6 }))).toEqual({ ok: false, reason: 'notEnoughStock' });
    expect(cart().lines).toHaveLength(0);
  });

  it('refuses a product with no stock', () => {
    expect(cart().add(lineInput({ stock_balance: 0 }))).toEqual({ ok: false, reason: 'outOfStock' });
    expect(cart().lines).toHaveLength(0);
    expect(stored()).toEqual([]);
  });

  it('refuses a quantity that is not a positive whole number', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(cart().add(lineInput({ quantity }))).toEqual({ ok: false, reason: 'invalidQuantity' });
    }
    expect(cart().lines).toHaveLength(0);
  });

  it('sums an existing line (same product, packaging, frequency) up to exactly the stock, and refuses past it', () => {
    cart().add(lineInput({ quantity: 2 }));
    expect(cart().add(lineInput({ quantity: 3 })).ok).toBe(true);
    expect(cart().lines).toHaveLength(1);
    expect(cart().lines[0]?.quantity).toBe(5);
    expect(cart().add(lineInput({ quantity: 1 }))).toEqual({ ok: false, reason: 'notEnoughStock' });
    expect(cart().lines[0]?.quantity).toBe(5);
  });

  it('keeps other packagings and frequencies of the same product as their own lines', () => {
    cart().add(lineInput());
    cart().add(lineInput({ variant_id: 99 }));
    cart().add(lineInput({ frequency_weeks: 4, has_discount: true, discount_price: 1063 }));
    expect(cart().lines.map(lineKey)).toEqual(['7:71:0', '7:99:0', '7:71:4']);
    expect(cart().lines.map((l) => l.index)).toEqual([0, 1, 2]);
    expect(cart().itemCount).toBe(3);
  });
});

describe('cart store: plus, minus, remove, clear', () => {
  it('plus is allowed while the new quantity stays at or below the stock', () => {
    cart().add(lineInput({ quantity: 3 }));
    const key = lineKey(cart().lines[0]!);
    expect(cart().increase(key)).toEqual({ ok: true });
    expect(cart().increase(key)).toEqual({ ok: true });
    expect(cart().lines[0]?.quantity).toBe(5);
    expect(cart().increase(key)).toEqual({ ok: false, reason: 'notEnoughStock' });
    expect(cart().lines[0]?.quantity).toBe(5);
    expect(cart().lines[0]?.totalPrice).toBe('62.50');
  });

  it('minus to zero removes the line', () => {
    cart().add(lineInput({ quantity: 2 }));
    cart().add(lineInput({ product_id: 8 }));
    const key = lineKey(cart().lines[0]!);
    cart().decrease(key);
    expect(cart().lines[0]?.quantity).toBe(1);
    cart().decrease(key);
    expect(cart().lines.map((l) => l.product_id)).toEqual([8]);
    expect(cart().lines[0]?.index).toBe(0);
  });

  it('remove deletes the line; an unknown line changes nothing', () => {
    cart().add(lineInput());
    cart().add(lineInput({ product_id: 8 }));
    expect(cart().remove('7:71:0')).toEqual({ ok: true });
    expect(cart().lines.map((l) => l.product_id)).toEqual([8]);
    for (const action of [cart().remove, cart().increase, cart().decrease]) {
      expect(action('404:1:0')).toEqual({ ok: false, reason: 'notInCart' });
    }
    expect(cart().lines).toHaveLength(1);
  });

  it('clear empties the cart and the stored list', () => {
    cart().add(lineInput());
    cart().clear();
    expect(cart()).toMatchObject({ lines: [], itemCount: 0, totalQuantity: 0, totalCents: 0 });
    expect(stored()).toEqual([]);
  });

  it('prices a discounted line at the discount price (docs/product.md §4)', () => {
    cart().add(lineInput({ quantity: 3, has_discount: true, discount_price: 999 }));
    cart().add(lineInput({ product_id: 8, quantity: 1, has_discount: false, discount_price: 500 }));
    expect(cart().lines.map((l) => l.totalPrice)).toEqual(['29.97', '12.50']);
    expect(cart().totalCents).toBe(2997 + 1250);
    expect(cart().totalQuantity).toBe(4);
  });
});

describe('cart store: browser storage (the shared key `cart`, a plain list)', () => {
  it('writes every change as a plain list of lines with the shared cart-line fields', () => {
    cart().add(lineInput({ quantity: 2 }));
    const list = stored() as Record<string, unknown>[];
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      product_id: 7,
      variant_id: 71,
      frequency_weeks: 0,
      quantity: 2,
      stock_balance: 5,
      unit_price: 1250,
      has_discount: false,
      discount_price: null,
      totalPrice: '25.00',
      image: '/images/products/tea-7.svg',
      name: 'Tea 7',
      translations: [{ name: 'Tea 7' }, { name: '茶 7' }],
      variant_name: '50 g Pouch',
      variant_translations: [{ name: '50 g Pouch' }, { name: '50克袋装' }],
      index: 0,
    });
    cart().increase('7:71:0');
    expect((stored() as { quantity: number }[])[0]?.quantity).toBe(3);
  });

  it('reads a stored cart back, recomputing totalPrice and index', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ ...lineInput({ quantity: 2 }), totalPrice: '999.99', index: 7 }, lineInput({ product_id: 9 })]),
    );
    await useCart.persist.rehydrate();
    expect(cart().lines.map((l) => [l.product_id, l.totalPrice, l.index])).toEqual([
      [7, '25.00', 0],
      [9, '12.50', 1],
    ]);
    expect(cart().itemCount).toBe(2);
  });

  it.each([
    ['broken JSON', '{"product_id": 1,'],
    ['an object, not a list', '{"product_id":1}'],
    ['a number', '42'],
  ])('a corrupted cart (%s) becomes an empty cart with a console warning, never a crash', async (_name, raw) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    cart().add(lineInput());
    localStorage.setItem('cart', raw);
    await useCart.persist.rehydrate();
    expect(cart().lines).toEqual([]);
    expect(cart().itemCount).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[cart]'));
  });

  it('drops stored lines that are not valid lines (or repeat one) and keeps the rest, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(
      'cart',
      JSON.stringify([
        lineInput(),
        null,
        { ...lineInput({ product_id: 8 }), quantity: 'two' },
        { ...lineInput({ product_id: 9 }), unit_price: 12.5 },
        { ...lineInput({ product_id: 10 }), frequency_weeks: 3 },
        lineInput(),
        lineInput({ product_id: 11 }),
      ]),
    );
    await useCart.persist.rehydrate();
    expect(cart().lines.map((l) => l.product_id)).toEqual([7, 11]);
    expect(warn).toHaveBeenCalledWith('[cart] dropped 5 stored cart line(s) that were not valid');
  });

  it('parseStoredCart: nothing stored is an empty cart without a warning', () => {
    expect(parseStoredCart(null)).toEqual({ lines: [] });
    expect(parseStoredCart('[]')).toEqual({ lines: [] });
  });

  it('log-out (the user cleared) empties the cart and removes the stored key', () => {
    const user = { id: 1, telegram_user_id: null } as UserInfo;
    useSession.getState().setSession(user, 'tok');
    cart().add(lineInput());
    useSession.getState().clear();
    expect(cart().lines).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
  });
});

describe('cart rules: building a line from a product', () => {
  const product = {
    id: 5,
    name: 'Earl Grey',
    image: '/e.svg',
    translations: [
      { lang: 'en' as const, name: 'Earl Grey' },
      { lang: 'zh' as const, name: '伯爵茶' },
    ],
  };
  const packaging = (o: Partial<Packaging> = {}): Packaging => ({
    id: 51,
    name: '50 g',
    translations: [
      { lang: 'en', name: '50 g' },
      { lang: 'zh', name: '50克' },
    ],
    price_cents: 2000,
    discount_price_cents: null,
    has_discount: false,
    stock: 4,
    ...o,
  });

  it('one-time at the regular price', () => {
    expect(lineFromProduct(product, packaging(), 0, 2)).toMatchObject({
      product_id: 5,
      variant_id: 51,
      unit_price: 2000,
      has_discount: false,
      discount_price: null,
      stock_balance: 4,
      translations: [{ name: 'Earl Grey' }, { name: '伯爵茶' }],
      variant_translations: [{ name: '50 g' }, { name: '50克' }],
    });
  });

  it('one-time at the sale price, and Subscribe & save 15% off the sale price', () => {
    const sale = packaging({ discount_price_cents: 1500, has_discount: true });
    expect(lineFromProduct(product, sale, 0, 1)).toMatchObject({ has_discount: true, discount_price: 1500 });
    expect(lineFromProduct(product, sale, 4, 1)).toMatchObject({ has_discount: true, discount_price: 1275 });
    expect(lineFromProduct(product, packaging(), 8, 1)).toMatchObject({ unit_price: 2000, discount_price: 1700 });
  });

  it('refuses a frequency that does not exist', () => {
    expect(() => lineFromProduct(product, packaging(), 3, 1)).toThrow(RangeError);
  });

  it('names a line in the chosen language (translations indexed by language id − 1)', () => {
    const line = lineInput();
    expect(lineName(line, 'en')).toBe('Tea 7');
    expect(lineName(line, 'zh')).toBe('茶 7');
    expect(lineName({ ...line, translations: [] }, 'zh')).toBe('Tea 7');
  });
});
