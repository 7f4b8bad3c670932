import type { FastifyInstance } from 'fastify';
import {
  addReview,
  buyAgain,
  cancelOrder,
  getOrderDetails,
  getOrders,
  getPaymentLink,
  payOrderByCard,
  placeOrder,
  updateOrderAddress,
} from '../../common/contract/orders';
import { route } from '../lib/endpoint';
import { checkoutAfterPlacing, confirmReturn } from '../payments/card-sessions';
import { enforce } from '../rate-limits/rate-limit';
import { buyAgain as buyAgainLines } from './buy-again';
import * as placing from './place-order';
import { answerOversizedReceipts, RECEIPT_PATH, readReceipt, signedFileRoute } from './receipts';
import * as repo from './repository';
import * as service from './service';

/**
 * get-payment-link calls per customer: each one asks the payment provider for a new invoice link, so a script must
 * not be able to make the shop call the provider without end.
 */
export const PAYMENT_LINK_LIMITS = { perAccount: 10, windowMinutes: 10 } as const;
export const paymentLinkKey = (userId: number): string => `payment-link:user:${userId}`;
/** pay-order-by-card calls per customer, bounded as get-payment-link's (each may ask the card provider). */
export const cardCheckoutKey = (userId: number): string => `card-checkout:user:${userId}`;

export default async function orderRoutes(app: FastifyInstance) {
  const db = app.db;
  const config = app.config;
  answerOversizedReceipts(app);

  route(app, placeOrder, async ({ auth, input, lang, say }) => {
    const user = auth.user;
    const placed = await placing.placeOrder(app.shop, user, lang, {
      idempotencyKey: input.idempotency_key,
      items: input.items,
      addressId: input.address_id,
      shippingMethod: input.shipping_method,
      paymentMethod: input.payment_method,
      paymentReference: input.payment_reference,
      receipt: input.receipt instanceof Uint8Array ? input.receipt : undefined,
      useCoupon: input.use_coupon,
      useCashReward: input.use_cash_reward,
      expectedTotalCents: input.expected_total_cents,
      saveCardForRenewals: input.save_card_for_renewals,
    });
    say('orderPlaced');
    // A card order's hosted page, made after the order committed (payments/card-sessions.ts).
    const checkoutUrl =
      placed.order.payment_method === 'card' ? await checkoutAfterPlacing(app.shop, placed.order) : undefined;
    return {
      order: await service.orderDetails(db, placed.order, lang, {
        config,
        ...(placed.created ? { placed: placed.written } : {}),
      }),
      created: placed.created,
      ...(checkoutUrl !== undefined ? { checkout_url: checkoutUrl } : {}),
    };
  });

  route(app, getOrders, async ({ auth, input, lang }) =>
    service.listOrders(db, auth.user, lang, { status: input.status, cursor: input.cursor, limit: input.limit }),
  );

  route(app, getOrderDetails, async ({ auth, input, lang }) => {
    let order = await service.getOwnOrder(db, auth.user, input.order_id);
    // Back from the card provider's page: ask the provider, as its notice would tell (never Paid on the return alone).
    if (input.checkout_session && order.payment_method === 'card' && order.status === 'Pending') {
      await confirmReturn(app.shop, order.id, input.checkout_session);
      order = await service.getOwnOrder(db, auth.user, input.order_id);
    }
    return { order: await service.orderDetails(db, order, lang, { config }) };
  });

  route(app, updateOrderAddress, async ({ auth, input, lang, say }) => {
    const order = await service.changeOrderAddress(db, auth.user, input.order_id, input.address_id, Date.now(), lang);
    say('addressUpdated');
    return { order: await service.orderDetails(db, order, lang, { config }) };
  });

  route(app, cancelOrder, async ({ auth, input, lang, say }) => {
    const order = await service.cancelOwnOrder(app.shop, auth.user, input.order_id);
    say('orderCancelled');
    return { order: await service.orderDetails(db, order, lang, { config }) };
  });

  route(app, addReview, async ({ auth, input, say }) => {
    const review = await service.addReview(app.shop, auth.user, input);
    say('reviewAdded');
    return { review };
  });

  route(app, buyAgain, async ({ auth, input, lang }) =>
    buyAgainLines(db, auth.user, input.order_id, input.items ?? [], lang),
  );

  route(app, getPaymentLink, async ({ auth, input }) => {
    const { perAccount: max, windowMinutes } = PAYMENT_LINK_LIMITS;
    await enforce(db, [{ key: paymentLinkKey(auth.user.id), max, windowMinutes }]);
    return service.paymentLink(db, config, auth.user, input.order_id);
  });

  route(app, payOrderByCard, async ({ auth, input }) => {
    const { perAccount: max, windowMinutes } = PAYMENT_LINK_LIMITS;
    await enforce(db, [{ key: cardCheckoutKey(auth.user.id), max, windowMinutes }]);
    return service.payOrderByCard(app.shop, auth.user, input.order_id);
  });

  // The receipt image, for the link in the order's details (signed for its owner, expiring).
  signedFileRoute(app, 'receipt', RECEIPT_PATH, async (orderId, userId) => {
    const order = await repo.findOwnOrder(db, userId, orderId);
    return order?.receipt_path ? readReceipt(app.files, order.receipt_path) : null;
  });
}
