import {
  miniAppBaseLink,
  miniAppLink,
  parseAppStart,
  parseStartParam,
  productStartParam,
  shopStartParam,
} from '../../../src/common/startapp';

describe('productStartParam', () => {
  it('names the product, with the referral code when there is one', () => {
    expect(productStartParam(12)).toBe('p12');
    expect(productStartParam(12, null)).toBe('p12');
    expect(productStartParam(12, 'ABCD2345')).toBe('p12_ABCD2345');
    expect(productStartParam(2_147_483_647, 'x_y-z')).toBe('p2147483647_x_y-z');
  });

  it('leaves out a code that is not a code or would make the parameter longer than 64 characters', () => {
    expect(productStartParam(12, 'has space')).toBe('p12');
    expect(productStartParam(12, 'ünï')).toBe('p12');
    expect(productStartParam(12, '')).toBe('p12');
    expect(productStartParam(12, '_-')).toBe('p12');
    expect(productStartParam(12, 'A'.repeat(60))).toBe(`p12_${'A'.repeat(60)}`);
    expect(productStartParam(12, 'A'.repeat(61))).toBe('p12');
  });

  it('refuses a product id that is no id', () => {
    for (const id of [0, -1, 1.5, Number.NaN, 2_147_483_648]) expect(() => productStartParam(id)).toThrow(RangeError);
  });

  it('round-trips through parseStartParam', () => {
    expect(parseStartParam(productStartParam(7, 'ABCD2345'))).toEqual({ productId: 7, referralCode: 'ABCD2345' });
    expect(parseStartParam(productStartParam(7))).toEqual({ productId: 7, referralCode: null });
  });
});

describe('parseStartParam', () => {
  it('reads a product and a referral code (which may itself hold _ and -)', () => {
    expect(parseStartParam('p1')).toEqual({ productId: 1, referralCode: null });
    expect(parseStartParam('p42_abc')).toEqual({ productId: 42, referralCode: 'abc' });
    expect(parseStartParam('p42_a_b-c')).toEqual({ productId: 42, referralCode: 'a_b-c' });
  });

  it.each([
    undefined,
    null,
    42,
    {},
    ['p1'],
    '',
    'p',
    'p0',
    'p01',
    'p-1',
    'p1.5',
    'P1',
    'x1',
    'p1_',
    'p1__',
    'p1_-x',
    'p1 ABC',
    'p1_AB C',
    'p1_ÄBC',
    'p1%5FABC',
    'p2147483648',
    'p99999999999',
    `p1_${'A'.repeat(62)}`,
    'ABCD2345',
    'p1\nABC',
  ])('ignores %j without throwing', (value) => {
    expect(parseStartParam(value)).toBeNull();
  });
});

describe('links', () => {
  it('points at the named Mini App, else the bot’s main Mini App', () => {
    expect(miniAppBaseLink('leafcup_bot', 'shop')).toBe('https://t.me/leafcup_bot/shop');
    expect(miniAppBaseLink('@leafcup_bot', undefined)).toBe('https://t.me/leafcup_bot');
    expect(miniAppBaseLink('leafcup_bot', 'bad name')).toBe('https://t.me/leafcup_bot');
    expect(miniAppBaseLink(undefined, 'shop')).toBeNull();
    expect(miniAppBaseLink('a/b', 'shop')).toBeNull();
  });

  it('adds the start parameter', () => {
    expect(miniAppLink('https://t.me/leafcup_bot/shop', 'p3_ABC')).toBe(
      'https://t.me/leafcup_bot/shop?startapp=p3_ABC',
    );
    expect(miniAppLink('https://t.me/leafcup_bot', 'p3')).toBe('https://t.me/leafcup_bot?startapp=p3');
  });
});

describe('shopStartParam and parseAppStart (the shop with a referral code, docs/decisions/053)', () => {
  it('opens the shop with a bare referral code, and reads it back', () => {
    expect(shopStartParam('ABCD2345')).toBe('ABCD2345');
    expect(parseAppStart(shopStartParam('ABCD2345'))).toEqual({ productId: null, referralCode: 'ABCD2345' });
  });

  it('still reads a product parameter as the product', () => {
    expect(parseAppStart('p42_ABCD2345')).toEqual({ productId: 42, referralCode: 'ABCD2345' });
    expect(parseAppStart('p42')).toEqual({ productId: 42, referralCode: null });
  });

  it('makes no parameter of a code that is none, too long, or reads as a product', () => {
    for (const code of [null, undefined, '', 'has space', '_-', 'A'.repeat(65), 'p12', 'p0', 'p1_x']) {
      expect(shopStartParam(code)).toBeNull();
    }
  });

  it.each([undefined, null, 42, '', 'p0', 'p0_%%', 'p12_', 'a b', 'A'.repeat(65), {}])(
    'answers null for %j',
    (value) => {
      expect(parseAppStart(value)).toBeNull();
    },
  );
});
