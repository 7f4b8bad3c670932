/**
 * Money is integer cents everywhere (docs/decisions/003); it becomes text only at the edge:
 * `$` and two decimals (docs/product.md section 1).
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

/** 1234 → "12.34": the browser cart line's totalPrice string (2 decimals, no sign of currency). */
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

/**
 * Reads a dollar amount a person typed as whole cents; null when it is not one. One rule for every form
 * (docs/decisions/009: "1,25" used to mean $125 in one form and $1.25 in another): `.` is the decimal point with at
 * most two decimals; `,` is accepted only as a thousands separator between groups of three digits; a leading `$` and
 * surrounding spaces are allowed.
 * "25" → 2500, "25.5" → 2550, "$1,250.50" → 125050; "1,25", "1.234", "abc", "-5" → null.
 */
export function parseDollarsToCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const digits = match[1]!.replace(/,/g, '');
  // Nine digits of dollars is far beyond any balance and keeps the cents a safe integer.
  if (digits.length > 9) return null;
  return Number(digits) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
