import {
  canChangeOrder,
  changeWindowEnds,
  deliversTo,
  deliveryFeeCents,
  ORDER_CHANGE_WINDOW_MINUTES,
  type OrderStatus,
} from '../../common/checkout-rules';
import type { Lang } from '../../common/contract/lang';
import type { OrderDetails, OrderSummary } from '../../common/contract/orders';
import { packagingName } from '../../common/packaging-name';
import { requireLiveAccount } from '../accounts/live-account';
import { deliveryAddress } from '../addresses/service';
import { encodeCursor, readCursor } from '../catalog/cursor';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import type { Order, User } from '../db/schema';
import { badGateway, badRequest, conflict, invalidField, notFound } from '../lib/errors';
import { addMinutes, nowIso } from '../lib/time';
import { enqueueOrderNotification } from '../notifications/outbox';
import { cardPaymentView, closeAfterCancel, openCheckout } from '../payments/card-sessions';
import { paymentProviderConfigured, shopSettings, unpaidHoursOf, unpaidOrderHours } from '../settings/service';
import { requireMethodOffered } from '../shipping/service';
import type { Shop } from '../shop';
import { orderAmounts } from './amounts';
import { recordOrderEvent } from './event-repository';
import { orderAddressCopy, type PlacedRows } from './place-order-steps';
import { receiptLink } from './receipts';
import { refundState, refundStateOf } from './refunds';
import * as repo from './repository';
import { changeOrderStatus } from './status';
import { createTelegramInvoiceLink, InvoiceLinkError } from './telegram-invoice';

// ---------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------

/** The text in the asked language. */
export const pick = (lang: Lang, en: string, zh: string) => (lang === 'zh' ? zh : en);

// An order's amounts (./amounts.ts, a module of its own so the e-mail's figures can use it without an import cycle).
export { orderAmounts };

/**
 * An order as its owner sees it, in the asked language (`config`: the unpaid-order hours' default). `placed`: what the
 * request that has just placed the order wrote and read in its transaction (place-order.ts), answered as it committed
 * instead of read again: its lines, the settings it used, and no payment or refund (none can exist before the
 * customer has the order's answer: a payment link or card page is made for an order that exists).
 */
export async function orderDetails(
  db: Db,
  order: Order,
  lang: Lang,
  {
    config,
    nowMs = Date.now(),
    placed,
  }: { config: Pick<Config, 'UNPAID_ORDER_HOURS'>; nowMs?: number; placed?: PlacedRows },
): Promise<OrderDetails> {
  const [items, reviewed, receiptUrl, state, payBy, refunds, card] = await Promise.all([
    placed ? placed.items : repo.orderItems(db, order.id),
    // Only a completed order's products can be reviewed.
    order.status === 'Completed' ? repo.reviewedProducts(db, order.user_id, [order.id]) : Promise.resolve([]),
    order.receipt_path ? receiptLink(db, order.id, order.user_id, nowMs) : Promise.resolve(null),
    // Orders keep the state's English name; the Chinese one is looked up.
    lang === 'zh' ? repo.findStateByEnglishName(db, order.state_name) : Promise.resolve(undefined),
    placed ? unpaidDeadlineOf(order, unpaidHoursOf(placed.settings, config), false) : unpaidDeadline(db, order, config),
    placed ? refundStateOf(order, { paymentsCents: 0, refundedCents: 0 }) : refundState(db, order),
    order.payment_method === 'card' ? cardPaymentView(db, order, nowMs) : Promise.resolve(null),
  ]);
  const reviewedIds = new Set(reviewed.map((r) => r.product_id));
  return {
    id: order.id,
    order_no: order.order_no,
    status: order.status,
    placed_at: order.placed_at,
    can_change_until: changeWindowEnds(order.placed_at),
    can_change: canChangeOrder(order.status, order.placed_at, nowMs),
    items: items.map((i) => ({
      id: i.id,
      product_id: i.product_id,
      variant_id: i.variant_id,
      name: pick(lang, i.name_en, i.name_zh),
      variant_name: pick(lang, i.variant_name_en, i.variant_name_zh),
      image: i.image,
      quantity: i.quantity,
      unit_price_cents: i.unit_price_cents,
      line_total_cents: i.line_total_cents,
      frequency_weeks: i.frequency_weeks,
      reviewed: reviewedIds.has(i.product_id),
    })),
    ...orderAmounts(order),
    shipping_method: order.shipping_method,
    payment_method: order.payment_method,
    payment_reference: order.payment_reference,
    receipt_url: receiptUrl,
    delivery_address: {
      receiver_name: order.receiver_name,
      phone: order.phone,
      address: order.address,
      city: order.city,
      state_name: state ? pick(lang, state.name_en, state.name_zh) : order.state_name,
      zip: order.zip,
      company: order.company,
      country: order.country,
    },
    tracking: { company: order.tracking_company, number: order.tracking_number, link: order.tracking_link },
    paid_at: order.paid_at,
    completed_at: order.completed_at,
    cancelled_at: order.cancelled_at,
    can_review: order.status === 'Completed' && items.some((i) => !reviewedIds.has(i.product_id)),
    awaiting_payment_link:
      order.status === 'Pending' && order.payment_method === 'payment_link' && order.total_cents > 0,
    pay_by: payBy,
    receipt_rejected_reason: order.receipt_rejected_reason,
    receipt_rejected_at: order.receipt_rejected_at,
    refund_owed_cents: refunds.owedCents,
    refunded_cents: refunds.refundedCents,
    ...(card ? { card_payment: { state: card.state, checkout_url: card.checkoutUrl } } : {}),
  };
}

/** When the expiry (orders/expiry.ts) will cancel this order if nothing is paid by then; null if it never will. */
async function unpaidDeadline(
  db: Db,
  order: Order,
  config: Pick<Config, 'UNPAID_ORDER_HOURS'>,
): Promise<string | null> {
  if (order.status !== 'Pending' || order.total_cents <= 0 || order.receipt_path) return null;
  const [hours, paid] = await Promise.all([unpaidOrderHours(db, config), repo.hasPayment(db, order.id)]);
  return unpaidDeadlineOf(order, hours, paid);
}

/** `unpaidDeadline` from the unpaid-order hours and whether a payment is recorded. */
function unpaidDeadlineOf(order: Order, hours: number, paid: boolean): string | null {
  if (order.status !== 'Pending' || order.total_cents <= 0 || order.receipt_path) return null;
  if (hours <= 0 || paid) return null;
  return addMinutes(order.placed_at, hours * 60);
}

/** One of the user's orders; anyone else's answers 404 (the same as one that does not exist). */
export async function getOwnOrder(db: Db, user: User, orderId: number): Promise<Order> {
  const order = await repo.findOwnOrder(db, user.id, orderId);
  if (!order) throw notFound('orderNotFound');
  return order;
}

export async function listOrders(
  db: Db,
  user: User,
  lang: Lang,
  input: { status?: OrderStatus; cursor?: string; limit?: number },
  nowMs = Date.now(),
): Promise<{ orders: OrderSummary[]; next_cursor: string | null }> {
  const limit = input.limit ?? 20;
  const after = input.cursor ? readCursor(input.cursor) : undefined;
  const rows = await repo.listOrders(db, user.id, { status: input.status, limit, after });
  const page = rows.slice(0, limit);
  const ids = page.map((o) => o.id);
  const [items, reviewed] = await Promise.all([repo.itemsOfOrders(db, ids), repo.reviewedProducts(db, user.id, ids)]);
  const orders = page.map((o): OrderSummary => {
    const lines = items.filter((i) => i.order_id === o.id);
    const reviewedHere = new Set(reviewed.filter((r) => r.order_id === o.id).map((r) => r.product_id));
    return {
      id: o.id,
      order_no: o.order_no,
      status: o.status,
      placed_at: o.placed_at,
      can_change_until: changeWindowEnds(o.placed_at),
      can_change: canChangeOrder(o.status, o.placed_at, nowMs),
      total_cents: o.total_cents,
      item_count: lines.reduce((s, l) => s + l.quantity, 0),
      items: lines
        .slice(0, 3)
        .map((l) => ({ name: pick(lang, l.name_en, l.name_zh), image: l.image, quantity: l.quantity })),
      has_tracking: Boolean(o.tracking_number),
      can_review: o.status === 'Completed' && lines.some((l) => !reviewedHere.has(l.product_id)),
    };
  });
  const last = page[page.length - 1];
  return {
    orders,
    next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: last.placed_at, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------
// Customer changes within the window
// ---------------------------------------------------------------------------

/** Cancels the customer's own order within 15 minutes (Pending or Paid); repeating it is harmless. */
export async function cancelOwnOrder(shop: Shop, user: User, orderId: number, nowMs = Date.now()): Promise<Order> {
  const { order, changed } = await changeOrderStatus(
    shop,
    orderId,
    'Cancelled',
    { kind: 'customer', userId: user.id },
    nowMs,
  );
  if (changed) await closeAfterCancel(shop, order);
  return (await repo.findOrder(shop.db, order.id)) ?? order;
}

/**
 * Delivers the order to another of the customer's addresses, within 15 minutes, while Pending or Paid.
 * Every product on the order must ship to the new address's country (the rule placing an order applies:
 * `deliversTo`), else the change is refused naming the first product that does not. The delivery fee was
 * charged at placing: an address whose fee differs is refused (cancel and order again).
 */
export async function changeOrderAddress(
  db: Db,
  user: User,
  orderId: number,
  addressId: number | undefined,
  nowMs = Date.now(),
  lang: Lang = 'en',
): Promise<Order> {
  if (addressId === undefined) {
    throw invalidField('address_id', 'addAddressFirst');
  }
  return db.transaction().execute(async (trx) => {
    const order = await getOwnOrder(trx, user, orderId);
    if (order.status !== 'Pending' && order.status !== 'Paid') throw conflict('orderCannotChange');
    if (!canChangeOrder(order.status, order.placed_at, nowMs)) throw conflict('orderChangeWindowClosed');
    const { address, state } = await deliveryAddress(trx, user.id, addressId);
    const lines = await repo.itemsWithAvailability(trx, order.id);
    const stranded = lines.find((line) => !deliversTo(line, state.country));
    if (stranded) {
      const product = packagingName(stranded, lang);
      throw invalidField('address_id', 'itemNotDeliverable', {
        product,
        state: pick(lang, state.name_en, state.name_zh),
      });
    }
    const method = order.shipping_method;
    requireMethodOffered(state, method, lang, 'address_id');
    const settings = await shopSettings(trx);
    const fee = deliveryFeeCents(state, method, order.subtotal_cents, settings.freeShippingThresholdCents);
    if (fee !== order.delivery_fee_cents) throw conflict('addressFeeDiffers');
    const now = new Date(nowMs).toISOString();
    const changed = await repo.changeOrderAddress(
      trx,
      order.id,
      orderAddressCopy({ address, state }),
      now,
      addMinutes(now, -ORDER_CHANGE_WINDOW_MINUTES),
    );
    if (!changed) throw conflict('orderCannotChange');
    await enqueueOrderNotification(trx, { userId: user.id, orderId: order.id, kind: 'address_changed' }, now);
    const where = (o: { receiver_name: string; address: string; city: string; state_name: string }) =>
      `${o.receiver_name}, ${o.address}, ${o.city}, ${o.state_name}`;
    await recordOrderEvent(
      trx,
      order.id,
      'address_changed',
      'customer',
      { from: where(order), to: where({ ...address, state_name: state.name_en }) },
      now,
    );
    return (await repo.findOrder(trx, order.id)) ?? order;
  });
}

// ---------------------------------------------------------------------------
// Reviews
// ---------------------------------------------------------------------------

interface ReviewInput {
  product_id: number;
  order_id: number;
  rating?: number;
  title?: string;
  description?: string;
}

/**
 * Reviews a product of the customer's own Completed order, once per product and order. The product's
 * rating sum and count change in the same transaction.
 */
export async function addReview(shop: Shop, user: User, input: ReviewInput) {
  const { db } = shop;
  if (input.rating === undefined || input.rating < 1 || input.rating > 5) throw invalidField('rating', 'selectRating');
  if (!input.title) throw invalidField('title', 'enterTitle');
  if (!input.description) throw invalidField('description', 'enterDescription');
  const order = await getOwnOrder(db, user, input.order_id);
  if (order.status !== 'Completed') throw conflict('reviewOrderNotCompleted');
  if (!(await repo.orderHasProduct(db, order.id, input.product_id))) {
    throw invalidField('product_id', 'reviewProductNotInOrder');
  }
  try {
    const added = await db.transaction().execute(async (trx) => {
      await requireLiveAccount(trx, user.id);
      const now = nowIso();
      const review = await repo.insertReview(trx, {
        product_id: input.product_id,
        user_id: user.id,
        order_id: order.id,
        nickname: user.nickname,
        rating: input.rating as number,
        title: input.title as string,
        description: input.description as string,
        created_at: now,
      });
      return {
        id: review.id,
        product_id: review.product_id,
        order_id: order.id,
        rating: review.rating,
        title: review.title,
        description: review.description,
        nickname: review.nickname,
        created_at: review.created_at,
      };
    });
    // The product's rating on its list card changed.
    await shop.catalog.changed();
    return added;
  } catch (err) {
    if (isUniqueViolation(err, repo.REVIEW_UNIQUE)) throw conflict('reviewAlreadyAdded');
    throw err;
  }
}

// ---------------------------------------------------------------------------
// Payment link
// ---------------------------------------------------------------------------

/** A Telegram invoice link for an unpaid payment-link order of the customer's. */
export async function paymentLink(db: Db, config: Config, user: User, orderId: number) {
  if (!paymentProviderConfigured(config)) throw badRequest('methodNotAvailable');
  const order = await getOwnOrder(db, user, orderId);
  if (order.payment_method !== 'payment_link' || order.status !== 'Pending' || order.total_cents <= 0) {
    throw conflict('orderNotAwaitingPayment');
  }
  const items = await repo.orderItems(db, order.id);
  try {
    const link = await createTelegramInvoiceLink(config, {
      ...order,
      lines: items.map((i) => ({
        name: `${i.name_en} (${i.variant_name_en})`,
        quantity: i.quantity,
        line_total_cents: i.line_total_cents,
      })),
    });
    return { link, order_no: order.order_no, total_cents: order.total_cents };
  } catch (err) {
    if (err instanceof InvoiceLinkError) throw badGateway('paymentLinkFailed');
    throw err;
  }
}

/** Pay now for the customer's Pending card order: the provider's hosted page (payments/card-sessions.ts). */
export async function payOrderByCard(shop: Shop, user: User, orderId: number) {
  if (!shop.payments) throw badRequest('methodNotAvailable');
  const order = await getOwnOrder(shop.db, user, orderId);
  if (order.payment_method !== 'card') throw conflict('orderNotAwaitingPayment');
  const { url } = await openCheckout(shop, order);
  return { checkout_url: url, order_no: order.order_no, total_cents: order.total_cents };
}
