import { effectiveStockState } from '../../../src/common/stock';

describe('effectiveStockState', () => {
  it('turns a sold-out in-stock or ready-stock product into out of stock', () => {
    expect(effectiveStockState('in_stock', 0)).toBe('out_of_stock');
    expect(effectiveStockState('ready_stock', 0)).toBe('out_of_stock');
  });
  it('keeps the stored state while stock remains, and coming soon always', () => {
    expect(effectiveStockState('in_stock', 1)).toBe('in_stock');
    expect(effectiveStockState('ready_stock', 3)).toBe('ready_stock');
    expect(effectiveStockState('coming_soon', 0)).toBe('coming_soon');
    expect(effectiveStockState('out_of_stock', 5)).toBe('out_of_stock');
  });
});
