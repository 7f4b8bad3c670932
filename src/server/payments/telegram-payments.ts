import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { AppError } from '../lib/errors';
import { INVOICE_CURRENCY, parseInvoicePayload } from '../orders/invoice-payload';
import { orderById, recordTelegramCharge } from '../orders/records';
import { changeOrderStatus } from '../orders/status';
import { inTransaction, type Shop } from '../shop';
import { insertPayment } from './repository';

/**
 * Telegram payments of orders (docs/decisions/012 "payment link"): the bot re-checks an order before
 * Telegram charges (pre_checkout_query), then records the charge and marks the order Paid
 * (successful_payment). Amounts are integer cents of USD, as the invoice was made.
 */

const TELEGRAM_PROVIDER = 'telegram';

type PreCheckoutResult =
  | { ok: true; order: Order }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'notPending'; status: string }
  | { ok: false; reason: 'amountChanged' };

/** Answers whether Telegram may charge `totalAmount` `currency` for the invoice `payload` now. */
export async function checkPreCheckout(
  db: Db,
  query: { payload: string; currency: string; totalAmount: number },
): Promise<PreCheckoutResult> {
  const parsed = parseInvoicePayload(query.payload);
  const order = parsed ? await orderById(db, parsed.orderId) : undefined;
  if (!parsed || !order) return { ok: false, reason: 'missing' };
  if (order.status !== 'Pending') return { ok: false, reason: 'notPending', status: order.status };
  if (
    query.currency !== INVOICE_CURRENCY ||
    query.totalAmount !== order.total_cents ||
    (parsed.totalCents !== undefined && parsed.totalCents !== order.total_cents)
  ) {
    return { ok: false, reason: 'amountChanged' };
  }
  return { ok: true, order };
}

type PaymentOutcome =
  /** Recorded now and the order became Paid. */
  | 'paid'
  /** This charge was recorded before (Telegram repeated the update): nothing changed. */
  | 'duplicate'
  /** Recorded, but the order was no longer Pending (for example cancelled meanwhile): the operator sorts it out. */
  | 'notPending'
  /** Recorded, but the amount is not the order's total: the order is left as it is for the operator. */
  | 'amountMismatch'
  /** The payload names no order: nothing recorded. */
  | 'unknownOrder';

interface SuccessfulPayment {
  payload: string;
  currency: string;
  totalAmount: number;
  telegramChargeId: string;
}

/**
 * Records a successful Telegram payment once (payments.provider_charge_id is unique, so a repeated
 * update records nothing) and marks its order Paid through the orders' status service when it was
 * Pending and the amount is its total (which also queues the customer's "paid" notice). A repeated
 * update finishes the job if an earlier delivery recorded the charge but failed before the order
 * turned Paid.
 */
export async function recordTelegramPayment(
  shop: Shop,
  payment: SuccessfulPayment,
): Promise<{ outcome: PaymentOutcome; order?: Order }> {
  const { db } = shop;
  const parsed = parseInvoicePayload(payment.payload);
  const order = parsed ? await orderById(db, parsed.orderId) : undefined;
  if (!order) return { outcome: 'unknownOrder' };
  const recorded = await inTransaction(shop, async (tx) => {
    const trx = tx.db;
    const inserted = await insertPayment(trx, {
      order_id: order.id,
      provider: TELEGRAM_PROVIDER,
      provider_charge_id: payment.telegramChargeId,
      amount_cents: payment.totalAmount,
    });
    // The order's timeline (docs/decisions/013), with the charge itself.
    if (inserted) {
      await recordTelegramCharge(trx, order.id, {
        charge_id: payment.telegramChargeId,
        amount_cents: payment.totalAmount,
        currency: payment.currency,
      });
    }
    return inserted;
  });
  const repeated = !recorded;
  if (payment.currency !== INVOICE_CURRENCY || payment.totalAmount !== order.total_cents) {
    return { outcome: repeated ? 'duplicate' : 'amountMismatch', order };
  }
  try {
    const change = await changeOrderStatus(shop, order.id, 'Paid', { kind: 'telegram' });
    if (change.changed) return { outcome: 'paid', order: change.order };
    return { outcome: repeated ? 'duplicate' : 'notPending', order: change.order };
  } catch (err) {
    // Not payable any more (cancelled meanwhile, or already further along).
    if (err instanceof AppError && err.status === 409) return { outcome: repeated ? 'duplicate' : 'notPending', order };
    throw err;
  }
}
