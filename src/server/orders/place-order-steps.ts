import { deliveryFeeCents, orderTotals, type ShippingMethod } from '../../common/checkout-rules';
import type { PaymentMethodCode } from '../../common/contract/checkout';
import type { Lang } from '../../common/contract/lang';
import { formatCents } from '../../common/money';
import { transferProofNeeded } from '../../common/order-workflow';
import { packagingName } from '../../common/packaging-name';
import { deliveryAddress } from '../addresses/service';
import { type CartInput, type CartLine, priceCart } from '../cart/service';
import type { Db } from '../db/connection';
import type { Order, User } from '../db/schema';
import { type AppError, conflict, invalidField } from '../lib/errors';
import { enqueueStaffAlert } from '../notifications/staff-alerts';
import { orderPaymentMethod, type ShopSettings, shopSettings } from '../settings/service';
import { requireMethodOffered } from '../shipping/service';
import type { MailTx } from '../shop';
import { recordOrderEvent } from './event-repository';
import { notifyOrder } from './notify';
import { newOrderNo } from './order-number';
import type { PlaceOrderInput } from './place-order';
import * as repo from './repository';

// The orders domain's own steps of placing an order (the list of all steps, in lock order: place-order.ts).

/** What placing checks before touching the database (place-order.ts checkRequest). */
export interface CheckedRequest {
  items: CartInput[];
  addressId: number;
  paymentMethod: PaymentMethodCode;
  /** The receipt's bytes as sent, for a bank transfer. */
  receipt: Uint8Array | null;
}

/** A line's refusal, its product named in the caller's language, at the line's field. */
export function lineError(line: CartLine, lang: Lang): AppError {
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

/** The refusal of the line whose packaging fell short when the stock was taken (step 6). */
export function shortLineError(lines: CartLine[], short: { packagingId: number; left: number }, lang: Lang): AppError {
  const line = lines.find((l) => l.variant_id === short.packagingId)!;
  return lineError(
    { ...line, problem: 'not_enough_stock', problemKey: 'itemNotEnoughStock', problemParams: { stock: short.left } },
    lang,
  );
}

/** The refusal of an order beyond MAX_UNPAID_ORDERS. */
export const tooManyUnpaid = (max: number) => conflict('tooManyUnpaidOrders', { count: max });

/**
 * Before the order's transaction opens (docs/decisions/058: what is only read holds no connection of the transaction
 * and no lock): the customer's address and its state, which must be offered the shipping method (a retired state
 * still delivers to the addresses that have it, docs/decisions/041), the payment method, every line re-priced from the
 * database (client prices are never read; a line that cannot be ordered is refused, naming it), the shop's settings,
 * read once for the whole order, and the delivery fee. What must hold when the order is written (stock, the coupon's
 * uses, the balance, the unpaid orders) is decided again in the transaction, under its locks; a product deleted
 * meanwhile fails the order's foreign key and the whole placing runs again (place-order.ts).
 */
export async function priceBasket(db: Db, user: User, lang: Lang, input: PlaceOrderInput, request: CheckedRequest) {
  const method: ShippingMethod = input.shippingMethod ?? 'standard';
  const { address, state } = await deliveryAddress(db, user.id, request.addressId);
  requireMethodOffered(state, method, lang);
  await orderPaymentMethod(db, request.paymentMethod);
  const cart = await priceCart(db, request.items, state);
  const firstProblem = cart.problems[0];
  if (firstProblem) throw lineError(firstProblem, lang);
  const settings = await shopSettings(db);
  const fee = deliveryFeeCents(state, method, cart.subtotalCents, settings.freeShippingThresholdCents);
  return { method, address, state, cart, settings, fee, placedAt: new Date().toISOString() };
}
export type Basket = Awaited<ReturnType<typeof priceBasket>>;

/** An order being placed: the request, its basket as priced before the transaction, the receipt stored. */
export interface Placing {
  input: PlaceOrderInput;
  request: CheckedRequest;
  basket: Basket;
  receiptPath: string | null;
  /** MAX_UNPAID_ORDERS for this order (0: no limit). */
  maxUnpaid: number;
}

/** What placing wrote and read: the order's answer is made of it, not read again (orders/service.ts orderDetails). */
export interface PlacedRows {
  order: Order;
  items: Awaited<ReturnType<typeof recordLines>>;
  settings: ShopSettings;
}

/**
 * What an order keeps of its delivery address: a copy, so that editing or deleting the address later leaves the
 * order as it was placed (or as the customer last changed it, orders/service.ts changeOrderAddress).
 */
export function orderAddressCopy({ address, state }: Awaited<ReturnType<typeof deliveryAddress>>) {
  return {
    receiver_name: address.receiver_name,
    phone: address.phone,
    address: address.address,
    city: address.city,
    state_name: state.name_en,
    zip: address.zip,
    company: address.company,
    country: address.country,
  };
}

/** Step 1: the order row, Pending, first: a duplicate idempotency key waits here for the first request, then fails. */
/** The consent counts only for a card order (never a renewal) starting a subscription (docs/decisions/040). */
const savesCardForRenewals = (
  input: PlaceOrderInput,
  request: CheckedRequest,
  lines: ReadonlyArray<{ frequency_weeks: number }>,
) =>
  input.saveCardForRenewals === true &&
  request.paymentMethod === 'card' &&
  !input.renewal &&
  lines.some((l) => l.frequency_weeks > 0);

export async function insertPendingOrder(
  trx: Db,
  user: User,
  lang: Lang,
  p: Omit<Placing, 'maxUnpaid'>,
): Promise<Order> {
  const { basket, request, input } = p;
  const { cart, fee, placedAt } = basket;
  return repo.insertOrder(trx, {
    order_no: newOrderNo(new Date(placedAt)),
    user_id: user.id,
    status: 'Pending',
    idempotency_key: input.idempotencyKey,
    subtotal_cents: cart.subtotalCents,
    delivery_fee_cents: fee,
    coupon_discount_cents: 0,
    cash_reward_cents: 0,
    total_cents: cart.subtotalCents + fee,
    shipping_method: basket.method,
    payment_method: request.paymentMethod,
    payment_reference: request.paymentMethod === 'bank_transfer' ? (input.paymentReference ?? null) : null,
    receipt_path: p.receiptPath,
    ...orderAddressCopy(basket),
    subscription_id: input.renewal?.subscriptionId ?? null,
    save_card_consent_at: savesCardForRenewals(input, request, cart.lines) ? placedAt : null,
    lang,
    placed_at: placedAt,
    updated_at: placedAt,
  });
}

/**
 * Step 3's totals, with what they must satisfy: at most `maxUnpaid` orders with something to pay (this one included,
 * counted under the customer's lock), the total the customer saw, and a transfer's proof when the workflow asks for it.
 */
export async function checkTotals(
  trx: Db,
  user: User,
  p: Placing & { orderId: number },
  taken: { coupon: { discount: number } | null; held: number },
) {
  const { basket, input, maxUnpaid } = p;
  const totals = orderTotals({
    subtotalCents: basket.cart.subtotalCents,
    deliveryFeeCents: basket.fee,
    couponDiscountCents: taken.coupon?.discount ?? 0,
    cashRewardHeldCents: taken.held,
  });
  if (maxUnpaid > 0 && totals.total_cents > 0 && (await repo.countUnpaidOrders(trx, user.id, p.orderId)) >= maxUnpaid) {
    throw tooManyUnpaid(maxUnpaid);
  }
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.total_cents) {
    throw conflict('totalChanged', { total: formatCents(totals.total_cents) });
  }
  const renewal = input.renewal !== undefined;
  if (transferProofNeeded({ paymentMethod: p.request.paymentMethod, totalCents: totals.total_cents, renewal })) {
    if (!input.paymentReference) throw invalidField('payment_reference', 'enterPaymentReference');
    if (!p.receiptPath) throw invalidField('receipt', 'uploadReceipt');
  }
  return totals;
}
type Totals = Awaited<ReturnType<typeof checkTotals>>;

/**
 * Step 4: the order's totals; with nothing left to pay (coupon and cash reward cover it) it is Paid. An order with no
 * coupon and no cash reward already has them as inserted: it is not written again.
 */
export async function settleOrder(
  trx: Db,
  pending: Order,
  coupon: { id: number; code: string } | null,
  totals: Totals,
  at: string,
): Promise<Order> {
  const unchanged =
    coupon === null &&
    totals.coupon_discount_cents === pending.coupon_discount_cents &&
    totals.cash_reward_cents === pending.cash_reward_cents &&
    totals.total_cents === pending.total_cents &&
    totals.total_cents !== 0;
  if (unchanged) return pending;
  return repo.setOrderTotals(trx, pending.id, {
    coupon_id: coupon?.id ?? null,
    coupon_code: coupon?.code ?? null,
    coupon_discount_cents: totals.coupon_discount_cents,
    cash_reward_cents: totals.cash_reward_cents,
    total_cents: totals.total_cents,
    ...(totals.total_cents === 0 ? { status: 'Paid', paid_at: at } : {}),
  });
}

/** Step 5: the order's lines, as priced; answers them as stored (with their ids, in line order). */
export async function recordLines(trx: Db, orderId: number, lines: CartLine[]) {
  const items = lines.map((l) => ({
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
  return repo.insertOrderItems(trx, items);
}

/**
 * Step 5: who hears of it: the customer's notice (bot and e-mail), the order's timeline (placed by the customer, or by
 * the server for a renewal; the receipt; paid when nothing was left to pay) and the staff's alert.
 */
export async function tellPlaced(
  tx: MailTx,
  placed: {
    user: User;
    order: Order;
    items: Awaited<ReturnType<typeof recordLines>>;
    renewalOf?: number;
    receiptPath: string | null;
    /** The shop's settings as this order read them (the staff's alert switches). */
    settings: ShopSettings;
  },
): Promise<void> {
  const { user, order, items } = placed;
  const trx = tx.db;
  const at = order.placed_at;
  // Both rows are this transaction's, the order as step 4 left it: not read again.
  const renewal = placed.renewalOf === undefined ? {} : { renewalOf: placed.renewalOf };
  await notifyOrder(tx, { userId: user.id, orderId: order.id, kind: 'placed', ...renewal, user, order, items }, at);
  const placer = placed.renewalOf === undefined ? 'customer' : 'system';
  await recordOrderEvent(trx, order.id, 'placed', placer, { total_cents: order.total_cents }, at);
  if (placed.receiptPath) {
    const receipt = { reference: order.payment_reference, receipt: placed.receiptPath };
    await recordOrderEvent(trx, order.id, 'receipt_sent', placer, receipt, at);
  }
  if (order.total_cents === 0)
    await recordOrderEvent(trx, order.id, 'paid', 'system', { reason: 'nothing to pay' }, at);
  await enqueueStaffAlert(trx, 'staff_new_order', { orderId: order.id }, at, placed.settings.staffAlerts);
}
