import { centsToDecimal, formatCents, parseDollarsToCents, percentOf } from '../../../src/common/money';

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

  it('centsToDecimal gives the cart line totalPrice string', () => {
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

describe('parseDollarsToCents (one rule for every amount form)', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['0.29', 29],
    ['0', 0],
    ['1,250.50', 125_050],
    [' $1,250.07 ', 125_007],
    ['1,234,567', 123_456_700],
    ['999999999.99', 99_999_999_999],
  ])('%s → %i cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each([
    '',
    ' ',
    'abc',
    '1,25', // a decimal comma is refused, never read as $125 or $1.25
    '1,2',
    '1,2345',
    ',125',
    '1,,250',
    '12,50.00',
    '1.234', // more than two decimals
    '1.',
    '.5',
    '-5',
    '1e3',
    '$',
    '1 000',
    '1000000000', // ten digits of dollars
  ])('%j is refused', (text) => {
    expect(parseDollarsToCents(text)).toBeNull();
  });
});
