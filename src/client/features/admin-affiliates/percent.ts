/**
 * A percentage as typed ("10", "12.5", "7.25") in basis points (1000 = 10%), or null when it is not one from 0 to
 * 100 with at most two decimals. Exact: no floating point.
 */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as a percentage to show ("12.5"). */
export const bpToPercent = (bp: number): string => String(bp / 100);
