/**
 * Money is integer cents everywhere (decisions.md §6); it becomes text only at the edge:
 * `$` and two decimals (spec §9).
 */

/** 1234 → "$12.34"; -50 → "-$0.50". Throws on a non-integer amount (a bug upstream, never a rounding choice here). */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatCents: ${cents} is not a whole number of cents`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}$${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/** 1234 → "12.34": the spec's totalPrice string (2 decimals, no sign of currency). */
export function centsToDecimal(cents: number): string {
  return formatCents(cents).replace('$', '');
}

/**
 * `percent` % of an amount in cents, rounded half up to a whole cent (integer arithmetic only).
 * percentOf(1099, 15) = 165 (164.85 → 165); percentOf(10, 15) = 2 (1.5 → 2).
 */
export function percentOf(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`percentOf: bad amount ${cents}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`percentOf: bad percent ${percent}`);
  return Math.floor((cents * percent + 50) / 100);
}
