import type { ShippingMethod } from '../../common/checkout-rules';
import type { PaymentMethodCode } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import { removeOrderedLines } from '../cart/saved-cart';
import { type CartInput, requireItems } from '../cart/service';
import { spendReward, takeHeldReward } from '../cash-rewards/service';
import { redeemAppliedCoupon } from '../coupons/service';
import { isForeignKeyViolation, isRetryableConflict, isUniqueViolation, withRetry } from '../db/errors';
import type { Order, User } from '../db/schema';
import { AppError, badRequest, invalidField, unauthorized } from '../lib/errors';
import { recordCommissionForOrder } from '../referral/commission-service';
import { recordSignals } from '../referral/signals';
import { paymentProviderConfigured } from '../settings/service';
import { inTransaction, type Shop } from '../shop';
import { takeOrderStock } from '../stock/service';
import { claimRenewal, startSubscriptions } from '../subscriptions/service';
import {
  type CheckedRequest,
  checkTotals,
  insertPendingOrder,
  type PlacedRows,
  type Placing,
  priceBasket,
  recordLines,
  settleOrder,
  shortLineError,
  tellPlaced,
  tooManyUnpaid,
} from './place-order-steps';
import { countReceiptUpload, prepareReceipt, receiptTooLarge, removeReceipt, storeReceipt } from './receipts';
import * as repo from './repository';

export interface PlaceOrderInput {
  idempotencyKey: string;
  items?: CartInput[];
  addressId?: number;
  shippingMethod?: ShippingMethod;
  paymentMethod?: PaymentMethodCode;
  paymentReference?: string;
  /** The receipt's bytes as uploaded (checked here). */
  receipt?: Uint8Array;
  useCoupon?: boolean;
  useCashReward?: boolean;
  expectedTotalCents?: number;
  /**
   * A subscription's renewal (src/server/subscriptions/scheduler.ts): the order gets `subscription_id`,
   * starts no new subscription, leaves the customer's checkout (applied coupon, held cash reward) alone,
   * may be a bank transfer without reference and receipt (paid later with /v2/submit-payment), and in the
   * same transaction moves the subscription's `next_due_at` from `dueAt` to `nextDueAt` (a conditional
   * update: if it is no longer `dueAt` or the subscription is no longer active, nothing is placed).
   */
  renewal?: { subscriptionId: number; dueAt: string; nextDueAt: string };
  /**
   * The shopper agreed to have this card order's subscriptions renewed on the same card (docs/decisions/040): kept on
   * the order (`save_card_consent_at`) only for a card order with a Subscribe & save line.
   */
  saveCardForRenewals?: boolean;
}

type PlacedOrder =
  /** This request placed it: with the lines and the settings its transaction wrote and read (the answer's figures). */
  | { order: Order; created: true; written: PlacedRows }
  /** This idempotency key had already placed the order. */
  | { order: Order; created: false };

/** What can be checked without the database: required fields and the receipt's bytes. */
function checkRequest(shop: Pick<Shop, 'config' | 'payments'>, input: PlaceOrderInput): CheckedRequest {
  const { config } = shop;
  const items = requireItems(input.items);
  if (input.addressId === undefined) {
    throw invalidField('address_id', 'addAddressFirst');
  }
  if (!input.paymentMethod) throw invalidField('payment_method', 'selectPaymentMethod');
  if (input.paymentMethod === 'payment_link' && !paymentProviderConfigured(config)) {
    throw badRequest('methodNotAvailable', undefined, 'payment_method');
  }
  // Card only with a card provider (docs/decisions/040). A renewal never starts a hosted page by itself: it is
  // charged to the saved card, or waits for Pay now (subscriptions/scheduler.ts).
  if (input.paymentMethod === 'card' && !shop.payments) {
    throw badRequest('methodNotAvailable', undefined, 'payment_method');
  }
  let receipt: Uint8Array | null = null;
  if (input.receipt && input.paymentMethod === 'bank_transfer') {
    if (input.receipt.byteLength > config.MAX_UPLOAD_BYTES) {
      throw receiptTooLarge(config);
    }
    receipt = input.receipt;
  }
  return { items, addressId: input.addressId, paymentMethod: input.paymentMethod, receipt };
}

/**
 * Places an order in ONE transaction; any refusal or failure writes nothing. In order:
 * 0. before the transaction opens, what is only read (docs/decisions/058): the address and its state, the payment
 *    method, every line re-priced from the database (client prices are never read; a line that cannot be ordered is
 *    refused, naming it) and the shop's settings, read once for the whole order;
 * 1. the order row (its unique (user, idempotency key) makes a concurrent duplicate wait, then fail
 *    and answer the first one's order);
 * 2. the applied coupon: checked again, its use counted with a conditional update (which also locks it,
 *    so the per-user count that follows is exact), its redemption recorded;
 * 2b. the customer's row locked (PostgreSQL; after a key-share lock on their upline's, docs/decisions/050), then
 *    their unpaid orders counted: at most MAX_UNPAID_ORDERS Pending orders at once, exact under concurrency
 *    (renewals neither refused nor counted);
 * 3. the held cash reward: the hold consumed, the balance taken with a conditional update (never below
 *    zero, never twice), a 'redeemed' ledger row;
 * 4. the totals; 5. lines, subscriptions for Subscribe & save lines, the customer's notice, the
 *    upline's commission;
 * 6. the ordered lines removed from the customer's saved cart (docs/decisions/052): a cart's saves lock only its own
 *    rows, so its lock may come anywhere after the customer's;
 * 7. stock last, right before the commit (the rows every order shares are held for the shortest time): per packaging
 *    a conditional update, in ascending id order, then the products' stock totals. Row locks are always taken in the
 *    order coupon → upline → user → packagings → products, here and when cancelling, so concurrent orders, cancels
 *    and deletions never deadlock.
 * Placing with a key that already placed an order answers that order (`created: false`).
 */
export async function placeOrder(shop: Shop, user: User, lang: Lang, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { db, config, files } = shop;
  const existing = await repo.findOrderByKey(db, user.id, input.idempotencyKey);
  if (existing) return { order: existing, created: false };
  const request = checkRequest(shop, input);
  // Renewals are placed by the server on the customer's agreed schedule: never refused for unpaid orders,
  // and not counted either (a subscriber with several subscriptions can still shop).
  const maxUnpaid = input.renewal ? 0 : config.MAX_UNPAID_ORDERS;
  // Decoded and bounded before anything is counted or stored (docs/decisions/034).
  const receipt = request.receipt ? await prepareReceipt(request.receipt) : null;
  if (receipt) {
    // Before a receipt is stored: a customer already at the limit stores nothing (the exact check, under
    // the customer's lock, is in the transaction), and every stored receipt counts against the daily limit.
    if (maxUnpaid > 0 && (await repo.countUnpaidOrders(db, user.id)) >= maxUnpaid) throw tooManyUnpaid(maxUnpaid);
    await countReceiptUpload(db, user.id);
  }
  // Stored before the order's transaction, never inside it (files/store.ts); removed again if no order is made.
  const receiptPath = receipt ? await storeReceipt(files, receipt) : null;
  if (receipt) await recordSignals(db, user.id, [{ kind: 'receipt', value: receipt.sentHash }]);
  try {
    // Run again after a conflict, a taken order number, or a foreign-key violation: a product deleted by staff
    // after it was priced here (its lines name it) is then found gone, and refused as no longer available (409).
    const placed = await withRetry(
      // One connection for the reads and the transaction (docs/decisions/058): an order waits for the pool once, so
      // the orders ahead of it finish first instead of all of them taking turns at every read.
      () =>
        db.connection().execute(async (conn) => {
          const basket = await priceBasket(conn, user, lang, input, request);
          const placing = { input, request, basket, receiptPath, maxUnpaid };
          return inTransaction({ ...shop, db: conn }, (tx) => placeInTransaction(tx, user, lang, placing));
        }),
      4,
      (err) => isRetryableConflict(err) || isUniqueViolation(err, repo.ORDER_NO_UNIQUE) || isForeignKeyViolation(err),
    );
    // Stock totals on list cards changed.
    await shop.catalog.changed();
    shop.metrics.orderPlaced(placed.order);
    return { order: placed.order, created: true, written: placed };
  } catch (err) {
    if (receiptPath) await removeReceipt(files, receiptPath).catch(() => {});
    // A concurrent or earlier request with this key won: answer its order.
    if (isUniqueViolation(err, repo.ORDER_KEY_UNIQUE) || err instanceof AppError) {
      const winner = await repo.findOrderByKey(db, user.id, input.idempotencyKey);
      if (winner) return { order: winner, created: false };
    }
    throw err;
  }
}

/**
 * The steps of placing an order, each in its own domain, in decision 005's lock order (coupon → upline → user →
 * packagings → products): every step that locks a row comes after the ones whose rows are locked before it, here and when an order
 * is cancelled, so concurrent orders and cancels never deadlock.
 */
async function placeInTransaction(tx: Shop, user: User, lang: Lang, placing: Placing): Promise<PlacedRows> {
  const { input, request, basket, receiptPath } = placing;
  const trx = tx.db;
  const at = basket.placedAt;
  if (input.renewal) await claimRenewal(trx, { ...input.renewal, userId: user.id }, at);
  const pending = await insertPendingOrder(trx, user, lang, placing);
  const orderId = pending.id;
  const coupon = input.renewal
    ? null
    : await redeemAppliedCoupon(trx, {
        userId: user.id,
        orderId,
        subtotalCents: basket.cart.subtotalCents,
        at,
        use: input.useCoupon !== false,
      });
  // The customer's row (after their upline's), in its place in the lock order: one customer's concurrent orders queue
  // here, and an order and the account's or the upline's deletion take turns (docs/decisions/050): an account deleted
  // meanwhile places nothing, and an upline deleted meanwhile earns nothing.
  const customer = await repo.lockCustomer(trx, user.id);
  if (!customer) throw unauthorized();
  const held = input.renewal ? 0 : await takeHeldReward(trx, user.id);
  const totals = await checkTotals(
    trx,
    user,
    { ...placing, orderId },
    {
      coupon,
      held: input.useCashReward === false ? 0 : held,
    },
  );
  await spendReward(trx, {
    userId: user.id,
    orderId,
    amountCents: totals.cash_reward_cents,
    spendCents: basket.cart.subtotalCents,
  });
  const order = await settleOrder(trx, pending, coupon, totals, at);
  const items = await recordLines(trx, orderId, basket.cart.lines);
  if (!input.renewal) {
    const { address } = basket;
    const payment = request.paymentMethod;
    const subscriber = {
      userId: user.id,
      orderId,
      addressId: address.id,
      shippingMethod: basket.method,
      paymentMethod: payment,
      at,
    };
    await startSubscriptions(trx, subscriber, basket.cart.lines);
  }
  await tellPlaced(tx, {
    user,
    order,
    items,
    renewalOf: input.renewal?.subscriptionId,
    receiptPath,
    settings: basket.settings,
  });
  if (customer.uplineId !== null) {
    const { subtotal_cents, coupon_discount_cents } = totals;
    const forOrder = { id: orderId, user_id: user.id, subtotal_cents, coupon_discount_cents };
    await recordCommissionForOrder(trx, forOrder, customer.uplineId);
  }
  // The ordered lines leave the customer's saved cart in this transaction (docs/decisions/052): never an order without
  // its lines gone, nor a cart emptied by an order that failed. A renewal was not placed from the cart.
  if (!input.renewal) await removeOrderedLines(trx, user.id, basket.cart.lines);
  const short = await takeOrderStock(trx, basket.cart.perPackaging, {
    orderId,
    at,
    lowStockDefault: basket.settings.lowStockDefault,
  });
  if (short) throw shortLineError(basket.cart.lines, short, lang);
  return { order, items, settings: basket.settings };
}
