/**
 * Product exchanges (docs/product.md section 8: "The shop exchanges, and does not refund, delivered goods";
 * docs/decisions/020). Zod-free, so the order page, the back office and the server read the same rules.
 *
 * - Asked by the order's customer on a Completed order, until `exchange_days` (a shop setting, 1–365, default 14)
 *   full days of 24 hours after the order was completed (`orders.completed_at`): the deadline is an instant, the same
 *   in every time zone.
 * - One request per order line, ever: while it is open nothing more can be asked for that line; an approved line has
 *   been exchanged; a declined line cannot be asked again (the staff's reason stands; the customer can write to the
 *   shop). A quantity from 1 to the line's quantity.
 * - Staff answer once: approved (with what is sent instead) or declined (with the reason).
 */

export const EXCHANGE_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'other'] as const;
export type ExchangeReason = (typeof EXCHANGE_REASONS)[number];

export const EXCHANGE_STATUSES = ['requested', 'approved', 'declined'] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/** The customer's note: required for the reason "other". */
export const EXCHANGE_NOTE_MAX = 1000;
/** Staff's answer: what is sent instead (approve) or why not (decline). */
export const EXCHANGE_ANSWER_MAX = 500;

/** The `exchange_days` setting when the shop has not set one. */
export const EXCHANGE_DAYS_DEFAULT = 14;

export const isExchangeReason = (value: unknown): value is ExchangeReason =>
  typeof value === 'string' && (EXCHANGE_REASONS as readonly string[]).includes(value);

export const noteRequired = (reason: ExchangeReason): boolean => reason === 'other';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when an order completed at `completedAt` (ISO) can have an exchange asked: completion + `days` × 24 h. */
export function exchangeDeadline(completedAt: string, days: number): string {
  return new Date(Date.parse(completedAt) + days * DAY_MS).toISOString();
}

/** Why an order cannot have an exchange asked now, or null when it can. */
export type ExchangeBlock = 'not_completed' | 'too_late';

export function exchangeBlock(
  order: { status: string; completed_at: string | null },
  days: number,
  nowMs: number,
): ExchangeBlock | null {
  if (order.status !== 'Completed' || !order.completed_at) return 'not_completed';
  return nowMs > Date.parse(exchangeDeadline(order.completed_at, days)) ? 'too_late' : null;
}
