import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '../../../../src/common/contract/checkout';
import { cartHolding, mergeLine, sellableStock, setLine } from '../../../../src/server/cart/merge';
import type { PackagingRow } from '../../../../src/server/cart/repository';

/** The cart's merge rules (docs/decisions/052): one rule for Buy again, saves and the log-in merge. */
describe('cart merge rules', () => {
  const line = (variant: number, frequency = 0) => ({
    product_id: variant * 10,
    variant_id: variant,
    frequency_weeks: frequency,
  });
  const cart = (...lines: Array<[number, number, number?]>) =>
    cartHolding(lines.map(([variant, quantity, frequency]) => ({ ...line(variant, frequency), quantity })));

  it('adds up to the stock of a packaging over all its lines, and says when it capped', () => {
    const holding = cart([1, 2], [1, 1, 4]);
    expect(mergeLine(holding, line(1), 5, 6)).toEqual({ ok: true, quantity: 3, capped: true });
    expect(mergeLine(holding, line(1), 1, 6)).toEqual({ ok: false, reason: 'only_left' });
    expect(mergeLine(holding, line(2), 1, 0)).toEqual({ ok: false, reason: 'out_of_stock' });
  });

  it('takes no new line past MAX_CART_LINES, but adds to a line it has', () => {
    const holding = cart(...Array.from({ length: MAX_CART_LINES }, (_, i) => [i + 1, 1] as [number, number]));
    expect(mergeLine(holding, line(999), 1, 5)).toEqual({ ok: false, reason: 'cart_full' });
    expect(mergeLine(holding, line(1), 1, 5)).toEqual({ ok: true, quantity: 1, capped: false });
  });

  it('sets a line: less always, more capped by the stock the other lines leave, never less than it had', () => {
    const holding = cart([1, 3], [1, 2, 2]);
    expect(setLine(holding, line(1), 3, 1, 0)).toEqual({ ok: true, quantity: 1, capped: false });
    expect(holding.unitsPerPackaging.get(1)).toBe(3);
    // Stock 6, the subscription line holds 2: this line may hold 4.
    expect(setLine(holding, line(1), 1, 9, 6)).toEqual({ ok: true, quantity: 4, capped: true });
    expect(holding.unitsPerPackaging.get(1)).toBe(6);
    // Stock fell to 3 while the line holds 4: asking for 5 keeps 4.
    expect(setLine(holding, line(1), 4, 5, 3)).toEqual({ ok: false, reason: 'only_left' });
    expect(holding.unitsPerPackaging.get(1)).toBe(6);
    expect(setLine(holding, line(1), 4, 0, 3)).toEqual({ ok: true, quantity: 0, capped: false });
    expect(holding.lineKeys.has('10:1:0')).toBe(false);
    expect(holding.unitsPerPackaging.get(1)).toBe(2);
  });

  it('counts the stock of a packaging on sale only', () => {
    const row = {
      product_id: 10,
      stock: 7,
      is_active: 1,
      is_retired: 0,
      stock_state: 'in_stock',
    } as PackagingRow;
    expect(sellableStock(row, 10)).toBe(7);
    expect(sellableStock(row, 11)).toBe(0);
    expect(sellableStock({ ...row, stock_state: 'out_of_stock' }, 10)).toBe(0);
    expect(sellableStock({ ...row, stock_state: 'coming_soon' }, 10)).toBe(0);
    expect(sellableStock({ ...row, is_retired: 1 }, 10)).toBe(0);
    expect(sellableStock({ ...row, stock: -2 }, 10)).toBe(0);
    expect(sellableStock(undefined, 10)).toBe(0);
  });
});
