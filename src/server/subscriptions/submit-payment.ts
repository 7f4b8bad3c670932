import type { Order, User } from '../db/schema';
import { conflict, invalidField } from '../lib/errors';
import { enqueueStaffAlert } from '../notifications/staff-alerts';
import { countReceiptUpload, prepareReceipt, receiptTooLarge, removeReceipt, storeReceipt } from '../orders/receipts';
import { attachTransferProof, orderById } from '../orders/records';
import { getOwnOrder } from '../orders/service';
import { recordSignals } from '../referral/signals';
import type { Shop } from '../shop';

/**
 * Paying a Pending bank-transfer order later (a renewal is placed without payment details): the customer
 * sends the payment reference and a receipt image, checked as when placing an order (PNG, JPEG or WebP by
 * its bytes, at most MAX_UPLOAD_BYTES). Only the customer's own order (404 otherwise), only while it is
 * Pending by bank transfer with something to pay, and only once (the operator then confirms the payment).
 */

const awaitingTransfer = (o: Order) =>
  o.status === 'Pending' && o.payment_method === 'bank_transfer' && o.total_cents > 0;
const hasPayment = (o: Order) => Boolean(o.payment_reference && o.receipt_path);

export async function submitPayment(
  shop: Shop,
  user: User,
  input: { orderId: number; paymentReference?: string; receipt?: Uint8Array },
  now: string = new Date().toISOString(),
): Promise<Order> {
  const { db, config, files } = shop;
  const order = await getOwnOrder(db, user, input.orderId);
  if (!awaitingTransfer(order)) throw conflict('orderNotAwaitingTransfer');
  if (hasPayment(order)) throw conflict('paymentAlreadySubmitted');
  if (!input.paymentReference) throw invalidField('payment_reference', 'enterPaymentReference');
  if (!input.receipt || input.receipt.byteLength === 0) throw invalidField('receipt', 'uploadReceipt');
  if (input.receipt.byteLength > config.MAX_UPLOAD_BYTES) {
    throw receiptTooLarge(config);
  }
  const receipt = await prepareReceipt(input.receipt);

  await countReceiptUpload(db, user.id);
  const receiptPath = await storeReceipt(files, receipt);
  await recordSignals(db, user.id, [{ kind: 'receipt', value: receipt.sentHash }]);
  // Conditional: a second submit (or a status change) in between writes nothing.
  const reference = input.paymentReference;
  const attached = await db.transaction().execute(async (trx) => {
    const done = await attachTransferProof(trx, { orderId: order.id, userId: user.id, reference, receiptPath, now });
    if (done) await enqueueStaffAlert(trx, 'staff_receipt', { orderId: order.id }, now);
    return done;
  });
  if (!attached) {
    await removeReceipt(files, receiptPath).catch(() => {});
    const current = await orderById(db, order.id);
    if (current && awaitingTransfer(current) && hasPayment(current)) throw conflict('paymentAlreadySubmitted');
    throw conflict('orderNotAwaitingTransfer');
  }
  // A receipt left from before (an order that had one without a reference) is replaced.
  if (order.receipt_path && order.receipt_path !== receiptPath) {
    await removeReceipt(files, order.receipt_path).catch(() => {});
  }
  return (await orderById(db, order.id)) ?? order;
}
