import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { recordOrderEvent } from './event-repository';
import { attachTransfer } from './receipt-repository';
import * as repo from './repository';

/**
 * Orders as the other domains read them and add to them (docs/decisions/038: a domain's repository is its own), one
 * named function per need. A module of its own that imports only the orders' repositories, so the e-mail's figures
 * (mail/order-figures.ts, which orders/notify.ts reads) use it without an import cycle.
 */

/** The order of this id, or undefined. */
export const orderById = (db: Db, orderId: number): Promise<Order | undefined> => repo.findOrder(db, orderId);

/** The order of this number (any case, spaces around it ignored), or undefined (the operator's command line). */
export const orderByNo = (db: Db, orderNo: string): Promise<Order | undefined> => repo.findOrderByNo(db, orderNo);

/** The customer's own order of this id, or undefined: anyone else's is as if it did not exist. */
export const customerOrder = (db: Db, userId: number, orderId: number): Promise<Order | undefined> =>
  repo.findOwnOrder(db, userId, orderId);

/** An order's lines, in their order. */
export const orderLines = (db: Db, orderId: number) => repo.orderItems(db, orderId);

/** A customer's latest `limit` orders, newest first: the bot's /orders, the back office's customer page. */
export const latestOrdersOf = (db: Db, userId: number, limit: number) => repo.latestOrders(db, userId, limit);

/** A Telegram charge on the order's timeline (docs/decisions/013), written in the transaction that records it. */
export const recordTelegramCharge = (
  trx: Db,
  orderId: number,
  charge: { charge_id: string; amount_cents: number; currency: string },
): Promise<number> => recordOrderEvent(trx, orderId, 'telegram_payment', 'telegram', charge);

/**
 * Attaches a transfer's reference and receipt to the customer's Pending bank-transfer order that lacks one, with its
 * `receipt_sent` timeline entry (conditional: a second submit, or a status change, in between writes nothing).
 * Answers whether it did. Call it in a transaction.
 */
export async function attachTransferProof(
  trx: Db,
  proof: { orderId: number; userId: number; reference: string; receiptPath: string; now: string },
): Promise<boolean> {
  const { orderId, userId, reference, receiptPath, now } = proof;
  const done = await attachTransfer(trx, orderId, userId, reference, receiptPath, now);
  // The order's timeline (docs/decisions/013), with the change itself.
  if (done) await recordOrderEvent(trx, orderId, 'receipt_sent', 'customer', { reference, receipt: receiptPath }, now);
  return done;
}
