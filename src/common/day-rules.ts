/**
 * The calendar days staff pick in the back office (banner and coupon days, the orders list's filters), YYYY-MM-DD.
 * Zod-free: the admin screens can bound their date inputs with it without the contract's schemas in their chunk;
 * the contract's `day()` field (contract/fields.ts) applies it to every request.
 *
 * Bounded to the years 2000–2999: the server turns a day into instants (lib/shop-days.ts), and JavaScript's dates
 * break at the ends (a year past 9999 prints as `+010000-…`; years 0–99 read as 1900–1999), so an unbounded day
 * would fail there as a 500 instead of being refused at its field.
 */

export const DAY_RANGE = { min: '2000-01-01', max: '2999-12-31' } as const;

/** A real calendar day, YYYY-MM-DD, within DAY_RANGE. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < DAY_RANGE.min || value > DAY_RANGE.max) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
