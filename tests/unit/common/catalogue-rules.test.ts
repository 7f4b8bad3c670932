import {
  isValidDiscount,
  isValidPrice,
  MAX_PRICE_CENTS,
  productState,
  stateColumns,
} from '../../../src/common/catalogue-rules';
import { lowStockThreshold } from '../../../src/common/stock-rules';
import { readList } from '../../../src/server/catalog/catalogue-io/format';

describe('catalogue rules shared by the product form and the CSV import', () => {
  it('a price is 1 cent to $1,000,000.00, whole cents, far within a database integer', () => {
    expect(MAX_PRICE_CENTS).toBe(100_000_000);
    expect([1, 1500, MAX_PRICE_CENTS].map(isValidPrice)).toEqual([true, true, true]);
    expect([0, -1, 12.5, MAX_PRICE_CENTS + 1, 2_147_483_647, Number.NaN].map(isValidPrice)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('a discount price is empty, or a valid price below the price', () => {
    expect(isValidDiscount(1000, null)).toBe(true);
    expect(isValidDiscount(1000, undefined)).toBe(true);
    expect(isValidDiscount(1000, 999)).toBe(true);
    expect(isValidDiscount(1000, 1000)).toBe(false);
    expect(isValidDiscount(1000, 0)).toBe(false);
    expect(isValidDiscount(1000, -5)).toBe(false);
  });

  it('maps a state onto the shop’s columns and back: on sale never keeps a stored "out of stock"', () => {
    expect(stateColumns('on_sale', 'out_of_stock')).toEqual({ is_active: 1, stock_state: 'in_stock' });
    expect(stateColumns('on_sale', 'ready_stock')).toEqual({ is_active: 1, stock_state: 'ready_stock' });
    expect(stateColumns('on_sale', 'coming_soon')).toEqual({ is_active: 1, stock_state: 'in_stock' });
    expect(stateColumns('on_sale')).toEqual({ is_active: 1, stock_state: 'in_stock' });
    expect(stateColumns('coming_soon', 'ready_stock')).toEqual({ is_active: 1, stock_state: 'coming_soon' });
    expect(stateColumns('hidden', 'out_of_stock')).toEqual({ is_active: 0, stock_state: 'out_of_stock' });
    for (const state of ['on_sale', 'coming_soon', 'hidden'] as const)
      expect(productState(stateColumns(state, 'out_of_stock'))).toBe(state);
  });

  it('a low-stock threshold is the product’s own, else the shop’s default', () => {
    expect(lowStockThreshold(2, 5)).toBe(2);
    expect(lowStockThreshold(0, 5)).toBe(0);
    expect(lowStockThreshold(null, 5)).toBe(5);
  });

  it('reads a CSV list of slugs once each, any case, blanks dropped', () => {
    expect(readList('black-tea|black-tea')).toEqual(['black-tea']);
    expect(readList(' All-Teas | best-sellers || all-teas ')).toEqual(['all-teas', 'best-sellers']);
    expect(readList('')).toEqual([]);
  });
});
