import type { Config } from '../config';
import type { Order } from '../db/schema';
import { INVOICE_CURRENCY, invoicePayload } from './invoice-payload';

/**
 * Telegram invoice links for orders paid by "payment link" (docs/decisions/012): Bot API
 * `createInvoiceLink`, called with fetch (tests intercept it). The link opens Telegram's payment
 * sheet; the bot's pre_checkout_query / successful_payment handling (telegram-payments.ts) marks the
 * order Paid. Prices are integer cents of USD.
 */

interface LabeledPrice {
  label: string;
  /** Cents; negative for discounts. */
  amount: number;
}

interface InvoiceLine {
  name: string;
  quantity: number;
  line_total_cents: number;
}

interface InvoiceOrder
  extends Pick<
    Order,
    | 'id'
    | 'order_no'
    | 'total_cents'
    | 'delivery_fee_cents'
    | 'coupon_code'
    | 'coupon_discount_cents'
    | 'cash_reward_cents'
  > {
  lines: InvoiceLine[];
}

export class InvoiceLinkError extends Error {
  override name = 'InvoiceLinkError';
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The invoice's price breakdown: one entry per line, delivery, and the coupon and cash reward as
 * negative entries. The amounts add up to the order's total (checked: a mismatch throws).
 */
export function invoicePrices(order: InvoiceOrder): LabeledPrice[] {
  const prices: LabeledPrice[] = order.lines.map((l) => ({
    label: cut(`${l.name} × ${l.quantity}`, 64),
    amount: l.line_total_cents,
  }));
  if (order.delivery_fee_cents > 0) prices.push({ label: 'Delivery', amount: order.delivery_fee_cents });
  if (order.coupon_discount_cents > 0) {
    prices.push({ label: cut(`Coupon ${order.coupon_code ?? ''}`.trim(), 64), amount: -order.coupon_discount_cents });
  }
  if (order.cash_reward_cents > 0) prices.push({ label: 'Cash reward', amount: -order.cash_reward_cents });
  const sum = prices.reduce((s, p) => s + p.amount, 0);
  if (sum !== order.total_cents) {
    throw new InvoiceLinkError(`invoice prices add up to ${sum}, the order's total is ${order.total_cents}`);
  }
  return prices;
}

/** The Bot API request body of `createInvoiceLink` for an order. */
export function invoiceRequest(config: Config, order: InvoiceOrder) {
  const items = order.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ');
  return {
    title: cut(`Leaf & Cup ${order.order_no}`, 32),
    description: cut(items || `Order ${order.order_no}`, 255),
    payload: invoicePayload(order.id, order.total_cents),
    provider_token: config.PAYMENT_PROVIDER_TOKEN ?? '',
    currency: INVOICE_CURRENCY,
    prices: invoicePrices(order),
  };
}

/**
 * Asks Telegram for an invoice link for the order. Throws InvoiceLinkError when no provider is
 * configured, Telegram refuses, or it does not answer within 10 seconds.
 */
export async function createTelegramInvoiceLink(
  config: Config,
  order: InvoiceOrder,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  if (!config.BOT_TOKEN || !config.PAYMENT_PROVIDER_TOKEN) throw new InvoiceLinkError('no payment provider configured');
  const url = `${config.TELEGRAM_API_ROOT.replace(/\/+$/, '')}/bot${config.BOT_TOKEN}/createInvoiceLink`;
  type Answer = { ok?: boolean; result?: unknown; description?: string } | null;
  let body: Answer;
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(invoiceRequest(config, order)),
      signal: AbortSignal.timeout(10_000),
    });
    body = (await res.json().catch(() => null)) as Answer;
  } catch (err) {
    throw new InvoiceLinkError(`createInvoiceLink failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!body?.ok || typeof body.result !== 'string') {
    throw new InvoiceLinkError(`createInvoiceLink refused: ${body?.description ?? 'no answer'}`);
  }
  return body.result;
}
