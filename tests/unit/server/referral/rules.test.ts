import { AppError } from '../../../../src/server/lib/errors';
import { commissionAmount, commissionBase } from '../../../../src/server/referral/commission-service';
import { affiliateLink, page, parseCursor, shopOrigin } from '../../../../src/server/referral/service';

describe('commission arithmetic', () => {
  it('applies basis points and rounds half up to a cent', () => {
    expect(commissionAmount(10_000, 1000)).toBe(1000);
    expect(commissionAmount(9_099, 1250)).toBe(1137); // 1137.375
    expect(commissionAmount(4, 1250)).toBe(1); // 0.5 → 1
    expect(commissionAmount(3, 1250)).toBe(0); // 0.375 → 0
    expect(commissionAmount(0, 1000)).toBe(0);
    expect(() => commissionAmount(-1, 1000)).toThrow(RangeError);
    expect(() => commissionAmount(100, 10_001)).toThrow(RangeError);
    expect(() => commissionAmount(1.5, 1000)).toThrow(RangeError);
  });

  it('the base is the goods after the coupon, never negative', () => {
    expect(commissionBase({ subtotal_cents: 5000, coupon_discount_cents: 700 })).toBe(4300);
    expect(commissionBase({ subtotal_cents: 500, coupon_discount_cents: 700 })).toBe(0);
  });
});

describe('affiliate links', () => {
  const origin = 'https://shop.example.com';
  it('home is /{code}; other pages carry ?ref={code}', () => {
    expect(affiliateLink(origin, 'ABC', '/')).toBe('https://shop.example.com/ABC');
    expect(affiliateLink(origin, 'ABC', '  ')).toBe('https://shop.example.com/ABC');
    expect(affiliateLink(origin, 'ABC', '/products/3')).toBe('https://shop.example.com/products/3?ref=ABC');
    expect(affiliateLink(origin, 'ABC', '/products?sort=oldest#top')).toBe(
      'https://shop.example.com/products?sort=oldest&ref=ABC#top',
    );
  });
  it('refuses other origins and schemes', () => {
    for (const path of [
      'http://shop.example.com/x',
      'https://other.example/x',
      '//other.example',
      'data:text/html,x',
    ]) {
      expect(() => affiliateLink(origin, 'ABC', path)).toThrow(AppError);
    }
  });
  it('the origin is PUBLIC_URL when set, else the request’s', () => {
    expect(shopOrigin('https://a.example/', 'http', 'b.example')).toBe('https://a.example');
    expect(shopOrigin(undefined, 'http', 'b.example:8080')).toBe('http://b.example:8080');
  });
});

describe('paging', () => {
  it('parses cursors and cuts pages', () => {
    expect(parseCursor(undefined)).toBeUndefined();
    expect(parseCursor('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999']) expect(() => parseCursor(bad)).toThrow(AppError);
    const rows = [{ id: 9 }, { id: 7 }, { id: 5 }];
    expect(page(rows, 2)).toEqual({ items: [{ id: 9 }, { id: 7 }], next_cursor: '7' });
    expect(page(rows, 3)).toEqual({ items: rows, next_cursor: null });
  });
});
