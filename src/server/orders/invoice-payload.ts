import { MAX_ROW_ID } from '../../common/contract/fields';

/** The currency of every invoice: amounts are integer cents of USD. */
export const INVOICE_CURRENCY = 'USD';

/**
 * The `payload` of a Telegram invoice for an order: what comes back in pre_checkout_query and
 * successful_payment. It names the order and its total, so a changed order is noticed.
 * Telegram allows 1-128 bytes.
 */
export const invoicePayload = (orderId: number, totalCents: number): string => `order:${orderId}:${totalCents}`;

/**
 * Reads an order invoice payload: `order:<id>:<total cents>` (this module's form), `order:<id>`, a JSON
 * object with `order_id`, or a bare order id. Null when it names no order.
 */
export function parseInvoicePayload(
  payload: string | undefined | null,
): { orderId: number; totalCents?: number } | null {
  if (!payload) return null;
  const text = payload.trim();
  const positive = (v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    // An order id goes into SQL: one no column can hold names no order.
    return Number.isSafeInteger(n) && n > 0 && n <= MAX_ROW_ID ? n : undefined;
  };
  const colon = /^order[:_-](\d+)(?:[:_-](\d+))?$/.exec(text);
  if (colon) {
    const orderId = positive(colon[1]);
    if (!orderId) return null;
    const total = colon[2] === undefined ? undefined : Number(colon[2]);
    return total === undefined || !Number.isSafeInteger(total) ? { orderId } : { orderId, totalCents: total };
  }
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as { order_id?: unknown; orderId?: unknown; total_cents?: unknown };
      const orderId = positive(json.order_id ?? json.orderId);
      if (!orderId) return null;
      const total = typeof json.total_cents === 'number' ? json.total_cents : undefined;
      return total === undefined ? { orderId } : { orderId, totalCents: total };
    } catch {
      return null;
    }
  }
  const bare = positive(text);
  return bare ? { orderId: bare } : null;
}
