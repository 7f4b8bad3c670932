import type { Db } from '../db/connection';
import { noPaymentRecorded } from './repository';

// The SQL of orders awaiting a bank transfer and of their receipts: the transfer a customer submits, the unpaid
// orders the expiry job cancels and the old receipts the retention job clears.

/**
 * Pending orders with something to pay, nothing paid, placed before `cutoff` (oldest first). A renewal charged to a
 * saved card waits while a charge of it is still to run, and for the unpaid-order hours after its last failure
 * (`cutoff`), so its Pay now has the same time as any order's (payments' renewal_charges, docs/decisions/040).
 */
export async function findUnpaidOrders(db: Db, cutoff: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.status', '=', 'Pending')
    .where('orders.placed_at', '<', cutoff)
    .where('orders.total_cents', '>', 0)
    .where('orders.receipt_path', 'is', null)
    .where(noPaymentRecorded)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('renewal_charges as rc')
            .select('rc.id')
            .whereRef('rc.order_id', '=', 'orders.id')
            .where((eb) =>
              eb.or([eb('rc.status', 'in', ['scheduled', 'charging']), eb('rc.updated_at', '>=', cutoff)]),
            ),
        ),
      ),
    )
    .orderBy('orders.placed_at')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Cancelled orders that still reference a receipt, cancelled before `cutoff`, after the keyset position `after`
 * over (cancelled_at, id), in that order.
 */
export async function ordersWithOldReceipts(
  db: Db,
  cutoff: string,
  after: { cancelledAt: string; id: number } | null,
  limit: number,
): Promise<Array<{ id: number; receipt_path: string | null; cancelled_at: string | null }>> {
  return db
    .selectFrom('orders')
    .select(['id', 'receipt_path', 'cancelled_at'])
    .where('status', '=', 'Cancelled')
    .where('receipt_path', 'is not', null)
    .where('cancelled_at', '<', cutoff)
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('cancelled_at', '>', after!.cancelledAt),
          eb.and([eb('cancelled_at', '=', after!.cancelledAt), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('cancelled_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Forgets a cancelled order's receipt if it is still `path`; answers whether this call cleared it. */
export async function clearReceipt(db: Db, orderId: number, path: string, now: string): Promise<boolean> {
  const cleared = await db
    .updateTable('orders')
    .set({ receipt_path: null, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'Cancelled')
    .where('receipt_path', '=', path)
    .executeTakeFirst();
  return Number(cleared.numUpdatedRows) === 1;
}

/**
 * Attaches a transfer's reference and receipt to the customer's Pending bank-transfer order that lacks one
 * (conditional: a second submit, or a status change, in between writes nothing). Answers whether it did.
 */
export async function attachTransfer(
  db: Db,
  orderId: number,
  userId: number,
  paymentReference: string,
  receiptPath: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    // A new receipt clears an earlier rejection: it is waiting to be checked again.
    .set({
      payment_reference: paymentReference,
      receipt_path: receiptPath,
      receipt_rejected_reason: null,
      receipt_rejected_at: null,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', 'Pending')
    .where('payment_method', '=', 'bank_transfer')
    .where((eb) => eb.or([eb('payment_reference', 'is', null), eb('receipt_path', 'is', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Staff refuse a transfer's receipt: the reason is stored for the customer and the receipt and reference are
 * cleared (the file stays on disk; the caller keeps its path on the timeline), so the customer can submit a new
 * one. Conditional: only while the order is Pending by bank transfer and still holds `receiptPath` (a confirm,
 * a cancel or another rejection in between writes nothing). Answers whether it did.
 */
export async function rejectReceipt(
  db: Db,
  orderId: number,
  receiptPath: string,
  reason: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      receipt_rejected_reason: reason,
      receipt_rejected_at: now,
      receipt_path: null,
      payment_reference: null,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('status', '=', 'Pending')
    .where('payment_method', '=', 'bank_transfer')
    .where('receipt_path', '=', receiptPath)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
