import { couponDiscountCents, deliveryFeeCents, orderTotals, type ShippingMethod } from '../../common/checkout-rules';
import type { PaymentMethodCode } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import { formatCents } from '../../common/money';
import { transferProofNeeded } from '../../common/order-workflow';
import { packagingName } from '../../common/packaging-name';
import * as addressRepo from '../addresses/repository';
import { type CartInput, type CartLine, priceCart, requireItems } from '../cart/service';
import * as cashRewardRepo from '../cash-rewards/repository';
import { catalogChanged } from '../catalog/list-cache';
import type { Config } from '../config';
import * as couponRepo from '../coupons/repository';
import { checkCoupon } from '../coupons/service';
import type { Db } from '../db/connection';
import { isForeignKeyViolation, isRetryableConflict, isUniqueViolation, withRetry } from '../db/errors';
import type { Order, User } from '../db/schema';
import { filesOf } from '../files/registry';
import { AppError, badRequest, conflict, invalidField, notFound } from '../lib/errors';
import { addDays } from '../lib/time';
import { enqueueLowStockAlerts, enqueueStaffAlert } from '../notifications/staff-alerts';
import { recordCommissionForOrder } from '../referral/commission-service';
import { recordSignals } from '../referral/signals';
import * as settingsRepo from '../settings/repository';
import { paymentProviderConfigured } from '../settings/service';
import * as stockRepo from '../stock/repository';
import { recordOrderEvent } from './event-repository';
import { notifyOrder } from './notify';
import { newOrderNo } from './order-number';
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
}

interface PlacedOrder {
  order: Order;
  /** False when this idempotency key had already placed the order. */
  created: boolean;
}

/** A line's refusal, its product named in the caller's language, at the line's field. */
function lineError(line: CartLine, lang: Lang): AppError {
  const product = packagingName(line, lang);
  const params: Record<string, string | number> = { ...line.problemParams, product };
  if (lang === 'zh' && typeof params.state_zh === 'string') params.state = params.state_zh;
  const field = line.problem === 'invalid_quantity' ? `items.${line.index}.quantity` : `items.${line.index}`;
  const key = line.problemKey ?? 'invalidRequest';
  // Stock or the product itself went away (409); the line as asked cannot be ordered (422).
  return line.problem === 'not_enough_stock' || line.problem === 'unavailable'
    ? conflict(key, params, field)
    : invalidField(field, key, params);
}

/** The refusal of an order beyond MAX_UNPAID_ORDERS. */
const tooManyUnpaid = (max: number) => conflict('tooManyUnpaidOrders', { count: max });

/** What can be checked without the database: required fields and the receipt's bytes. */
function checkRequest(config: Config, input: PlaceOrderInput) {
  const items = requireItems(input.items);
  if (input.addressId === undefined) {
    throw invalidField('address_id', 'addAddressFirst');
  }
  if (!input.paymentMethod) throw invalidField('payment_method', 'selectPaymentMethod');
  if (input.paymentMethod === 'payment_link' && !paymentProviderConfigured(config)) {
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
 * 0. every line re-priced from the database (client prices are never read); a line that cannot be
 *    ordered is refused, naming it;
 * 1. the order row (its unique (user, idempotency key) makes a concurrent duplicate wait, then fail
 *    and answer the first one's order);
 * 2. the applied coupon: checked again, its use counted with a conditional update (which also locks it,
 *    so the per-user count that follows is exact), its redemption recorded;
 * 2b. the customer's row locked (PostgreSQL), then their unpaid orders counted: at most
 *    MAX_UNPAID_ORDERS Pending orders at once, exact under concurrency (renewals neither refused nor counted);
 * 3. the held cash reward: the hold consumed, the balance taken with a conditional update (never below
 *    zero, never twice), a 'redeemed' ledger row;
 * 4. the totals; 5. lines, subscriptions for Subscribe & save lines, the customer's notice, the
 *    upline's commission;
 * 6. stock, taken last (shortest lock time) per packaging with a conditional update, in ascending id
 *    order, then the products' stock totals. Row locks are always taken in the order coupon → user →
 *    packagings → products, here and when cancelling, so concurrent orders and cancels never deadlock.
 * Placing with a key that already placed an order answers that order (`created: false`).
 */
export async function placeOrder(
  db: Db,
  config: Config,
  user: User,
  lang: Lang,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const existing = await repo.findOrderByKey(db, user.id, input.idempotencyKey);
  if (existing) return { order: existing, created: false };
  const request = checkRequest(config, input);
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
  const files = filesOf(db);
  const receiptPath = receipt ? await storeReceipt(files, receipt) : null;
  if (receipt) await recordSignals(db, user.id, [{ kind: 'receipt', value: receipt.sentHash }]);
  try {
    // Run again after a conflict, a taken order number, or a foreign-key violation: a product deleted by staff
    // after it was priced here (its lines name it) is then found gone, and refused as no longer available (409).
    const order = await withRetry(
      () =>
        db.transaction().execute((trx) => placeInTransaction(trx, user, lang, input, request, receiptPath, maxUnpaid)),
      4,
      (err) => isRetryableConflict(err) || isUniqueViolation(err, repo.ORDER_NO_UNIQUE) || isForeignKeyViolation(err),
    );
    // Stock totals on list cards changed.
    await catalogChanged(db);
    return { order, created: true };
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

async function placeInTransaction(
  trx: Db,
  user: User,
  lang: Lang,
  input: PlaceOrderInput,
  request: ReturnType<typeof checkRequest>,
  receiptPath: string | null,
  maxUnpaid: number,
): Promise<Order> {
  const method: ShippingMethod = input.shippingMethod ?? 'standard';
  const own = await addressRepo.findOwnAddressAndState(trx, user.id, request.addressId);
  if (!own) throw notFound('addressNotFound', 'address_id');
  const { address, state } = own;
  const paymentMethod = await settingsRepo.findPaymentMethod(trx, request.paymentMethod);
  if (!paymentMethod) {
    throw badRequest('methodNotAvailable', undefined, 'payment_method');
  }

  // Prices and stock as the database has them now (client prices are never read).
  const cart = await priceCart(trx, request.items, state);
  const firstProblem = cart.problems[0];
  if (firstProblem) throw lineError(firstProblem, lang);
  const settings = await settingsRepo.getShopSettings(trx);
  const fee = deliveryFeeCents(state, method, cart.subtotalCents, settings.freeShippingThresholdCents);
  const placedAt = new Date().toISOString();

  // 0. A renewal claims its due date first: a second scheduler (or a retry) finds it moved and places nothing.
  if (input.renewal) {
    const claimed = await repo.claimRenewal(trx, { ...input.renewal, userId: user.id }, placedAt);
    if (!claimed) throw conflict('subscriptionChanged');
  }

  // 1. The order row first: a duplicate key waits here for the first request, then fails.
  const orderId = await repo.insertOrder(trx, {
    order_no: newOrderNo(new Date(placedAt)),
    user_id: user.id,
    status: 'Pending',
    idempotency_key: input.idempotencyKey,
    subtotal_cents: cart.subtotalCents,
    delivery_fee_cents: fee,
    coupon_discount_cents: 0,
    cash_reward_cents: 0,
    total_cents: cart.subtotalCents + fee,
    shipping_method: method,
    payment_method: request.paymentMethod,
    payment_reference: request.paymentMethod === 'bank_transfer' ? (input.paymentReference ?? null) : null,
    receipt_path: receiptPath,
    receiver_name: address.receiver_name,
    phone: address.phone,
    address: address.address,
    city: address.city,
    state_name: state.name_en,
    zip: address.zip,
    company: address.company,
    country: address.country,
    subscription_id: input.renewal?.subscriptionId ?? null,
    lang,
    placed_at: placedAt,
    updated_at: placedAt,
  });

  // 2. The applied coupon (the application ends with this checkout, used or not; a renewal is no checkout).
  let coupon: { id: number; code: string; discount: number } | null = null;
  const applied = input.renewal ? undefined : await couponRepo.takeCouponApplication(trx, user.id);
  if (applied && input.useCoupon !== false) {
    // Locked first (coupon → user → packagings → products): a staff edit or pause committed before is seen here.
    const row = await couponRepo.lockCoupon(trx, applied.coupon_id);
    if (row) {
      const problem = await checkCoupon(trx, row, user.id, cart.subtotalCents);
      if (problem) throw conflict(problem.key, problem.params, 'coupon');
      if (!(await couponRepo.takeCouponUse(trx, row.id))) {
        throw conflict('couponUsedUp', undefined, 'coupon');
      }
      // The coupon row is locked: this count sees every committed use by this customer.
      if (
        row.per_user_limit !== null &&
        (await couponRepo.countUserRedemptions(trx, row.id, user.id)) >= row.per_user_limit
      ) {
        throw conflict('couponUserLimit', undefined, 'coupon');
      }
      await couponRepo.insertRedemption(trx, {
        coupon_id: row.id,
        user_id: user.id,
        order_id: orderId,
        created_at: placedAt,
      });
      coupon = { id: row.id, code: row.code, discount: couponDiscountCents(row, cart.subtotalCents) };
    }
  }

  // 2b. The customer's row, locked in its place in the lock order (coupon → user → packagings → products):
  // one customer's concurrent orders queue here, so the count below sees every one committed before it.
  if (maxUnpaid > 0) await repo.lockCustomer(trx, user.id);

  // 3. The held cash reward (the hold ends with this checkout, spent or not).
  const consumed = input.renewal ? 0 : await cashRewardRepo.consumeHold(trx, user.id);
  const held = input.useCashReward === false ? 0 : consumed;
  const totals = orderTotals({
    subtotalCents: cart.subtotalCents,
    deliveryFeeCents: fee,
    couponDiscountCents: coupon?.discount ?? 0,
    cashRewardHeldCents: held,
  });
  // An order with something to pay stays Pending: at most `maxUnpaid` of them (this one included).
  if (maxUnpaid > 0 && totals.total_cents > 0 && (await repo.countUnpaidOrders(trx, user.id, orderId)) >= maxUnpaid) {
    throw tooManyUnpaid(maxUnpaid);
  }
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.total_cents) {
    throw conflict('totalChanged', { total: formatCents(totals.total_cents) });
  }
  if (
    transferProofNeeded({
      paymentMethod: request.paymentMethod,
      totalCents: totals.total_cents,
      renewal: input.renewal !== undefined,
    })
  ) {
    if (!input.paymentReference) throw invalidField('payment_reference', 'enterPaymentReference');
    if (!receiptPath) throw invalidField('receipt', 'uploadReceipt');
  }
  if (totals.cash_reward_cents > 0) {
    const balance = await cashRewardRepo.spendBalance(trx, user.id, totals.cash_reward_cents);
    if (balance === null) {
      throw conflict('cashRewardChanged', undefined, 'cash_reward');
    }
    await cashRewardRepo.insertLedgerEntry(trx, {
      user_id: user.id,
      order_id: orderId,
      type: 'redeemed',
      spend_cents: cart.subtotalCents,
      amount_cents: -totals.cash_reward_cents,
      balance_after_cents: balance,
    });
  }

  // 4. The totals. Nothing left to pay (coupon and cash reward cover it): it is paid.
  const paid = totals.total_cents === 0;
  const order = await repo.setOrderTotals(trx, orderId, {
    coupon_id: coupon?.id ?? null,
    coupon_code: coupon?.code ?? null,
    coupon_discount_cents: totals.coupon_discount_cents,
    cash_reward_cents: totals.cash_reward_cents,
    total_cents: totals.total_cents,
    ...(paid ? { status: 'Paid', paid_at: placedAt } : {}),
  });

  // 5. Lines, subscriptions, notice, commission.
  const items = cart.lines.map((l) => ({
    order_id: orderId,
    product_id: l.product_id,
    variant_id: l.variant_id,
    name_en: l.name_en,
    name_zh: l.name_zh,
    variant_name_en: l.variant_name_en,
    variant_name_zh: l.variant_name_zh,
    image: l.image,
    quantity: l.quantity,
    unit_price_cents: l.unit_price_cents,
    line_total_cents: l.line_total_cents,
    frequency_weeks: l.frequency_weeks,
  }));
  await repo.insertOrderItems(trx, items);
  const subscriptionLines = input.renewal ? [] : cart.lines.filter((l) => l.frequency_weeks > 0);
  await repo.insertSubscriptions(
    trx,
    subscriptionLines.map((l) => ({
      user_id: user.id,
      product_id: l.product_id,
      variant_id: l.variant_id,
      quantity: l.quantity,
      frequency_weeks: l.frequency_weeks,
      address_id: address.id,
      shipping_method: method,
      payment_method: request.paymentMethod,
      status: 'active',
      next_due_at: addDays(placedAt, l.frequency_weeks * 7),
      created_at: placedAt,
      updated_at: placedAt,
    })),
  );
  await notifyOrder(
    trx,
    {
      userId: user.id,
      orderId,
      kind: 'placed',
      ...(input.renewal ? { renewalOf: input.renewal.subscriptionId } : {}),
      // Both rows are this transaction's, the order as step 4 left it: not read again.
      user,
      order,
      items,
    },
    placedAt,
  );
  // The order's timeline (docs/decisions/013): placed by the customer, or by the server for a renewal.
  const placer = input.renewal ? 'system' : 'customer';
  await recordOrderEvent(trx, orderId, 'placed', placer, { total_cents: totals.total_cents }, placedAt);
  if (receiptPath) {
    const reference = order.payment_reference;
    await recordOrderEvent(trx, orderId, 'receipt_sent', placer, { reference, receipt: receiptPath }, placedAt);
  }
  if (paid) await recordOrderEvent(trx, orderId, 'paid', 'system', { reason: 'nothing to pay' }, placedAt);
  await enqueueStaffAlert(trx, 'staff_new_order', { orderId }, placedAt);
  // Only a customer with an upline can earn anyone a commission.
  if (user.upline_id !== null)
    await recordCommissionForOrder(trx, {
      id: orderId,
      user_id: user.id,
      subtotal_cents: totals.subtotal_cents,
      coupon_discount_cents: totals.coupon_discount_cents,
    });
  // 6. Stock last, so its row locks are held for the shortest time (packagings, then products: moveStock).
  const short = await stockRepo.moveStock(trx, cart.perPackaging, 'take', {
    source: 'order',
    orderId,
    now: placedAt,
  });
  if (short !== null) {
    const line = cart.lines.find((l) => l.variant_id === short)!;
    const left = await stockRepo.packagingStock(trx, short);
    throw lineError(
      { ...line, problem: 'not_enough_stock', problemKey: 'itemNotEnoughStock', problemParams: { stock: left } },
      lang,
    );
  }
  await enqueueLowStockAlerts(trx, cart.perPackaging, settings.lowStockDefault, placedAt);

  return order;
}
