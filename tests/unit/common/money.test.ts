import { centsToDecimal, formatCents, percentOf } from '../../../src/common/money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [50, '$0.50'],
    [100, '$1.00'],
    [1234, '$12.34'],
    [990, '$9.90'],
    [123456789, '$1234567.89'],
    [-50, '-$0.50'],
    [-1234, '-$12.34'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('refuses fractions of a cent instead of rounding them silently', () => {
    expect(() => formatCents(12.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });

  it('centsToDecimal gives the spec totalPrice string', () => {
    expect(centsToDecimal(1980)).toBe('19.80');
    expect(centsToDecimal(7)).toBe('0.07');
  });
});

describe('percentOf (round half up, integers only)', () => {
  it.each([
    [1000, 15, 150],
    [1099, 15, 165], // 164.85
    [10, 15, 2], // 1.5 → 2
    [3, 15, 0], // 0.45
    [70, 15, 11], // 10.5 → 11
    [1, 50, 1], // 0.5 → 1
    [0, 15, 0],
  ])('%i × %i%% = %i', (cents, pct, expected) => {
    expect(percentOf(cents, pct)).toBe(expected);
  });

  it('refuses bad input', () => {
    expect(() => percentOf(-1, 15)).toThrow(RangeError);
    expect(() => percentOf(10, 101)).toThrow(RangeError);
    expect(() => percentOf(10.5, 15)).toThrow(RangeError);
  });
});
