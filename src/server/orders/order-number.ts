import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new order number: LC-YYYYMMDD-XXXXXX (UTC date, 6 random characters). */
export function newOrderNo(now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `LC-${date}-${code}`;
}

export const ORDER_NO_PATTERN = /^LC-\d{8}-[A-Z0-9]{6}$/;
