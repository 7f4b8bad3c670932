/** Reads a dollar amount typed by a person ("25", "25.5", "25.50", "$1,250.00") as whole cents; null if it is not one. */
export function parseDollarsToCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}
