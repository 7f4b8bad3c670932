import type { FastifyInstance } from 'fastify';
import { MAX_ROW_ID } from '../../common/contract/checkout';
import {
  addReview,
  cancelOrder,
  getOrderDetails,
  getOrders,
  getPaymentLink,
  placeOrder,
  updateOrderAddress,
} from '../../common/contract/orders';
import { formatMessage } from '../../common/i18n/messages';
import { route } from '../lib/endpoint';
import { requestLang } from '../plugins/errors';
import { enforce } from '../rate-limits/rate-limit';
import * as placing from './place-order';
import { answerOversizedReceipts, RECEIPT_ROUTE, readReceipt, verifyReceiptLink } from './receipts';
import * as repo from './repository';
import * as service from './service';

/**
 * get-payment-link calls per customer: each one asks the payment provider for a new invoice link, so a script must
 * not be able to make the shop call the provider without end.
 */
export const PAYMENT_LINK_LIMITS = { perAccount: 10, windowMinutes: 10 } as const;
export const paymentLinkKey = (userId: number): string => `payment-link:user:${userId}`;

const isRowId = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= MAX_ROW_ID;

export default async function orderRoutes(app: FastifyInstance) {
  const db = app.db;
  const config = app.config;
  answerOversizedReceipts(app);

  route(app, placeOrder, async ({ auth, input, lang, say }) => {
    const user = auth.user;
    const placed = await placing.placeOrder(db, config, user, lang, {
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
    });
    say('orderPlaced');
    return {
      order: await service.orderDetails(db, placed.order, lang, { config }),
      created: placed.created,
    };
  });

  route(app, getOrders, async ({ auth, input, lang }) =>
    service.listOrders(db, auth.user, lang, { status: input.status, cursor: input.cursor, limit: input.limit }),
  );

  route(app, getOrderDetails, async ({ auth, input, lang }) => {
    const order = await service.getOwnOrder(db, auth.user, input.order_id);
    return { order: await service.orderDetails(db, order, lang, { config }) };
  });

  route(app, updateOrderAddress, async ({ auth, input, lang, say }) => {
    const order = await service.changeOrderAddress(db, auth.user, input.order_id, input.address_id, Date.now(), lang);
    say('addressUpdated');
    return { order: await service.orderDetails(db, order, lang, { config }) };
  });

  route(app, cancelOrder, async ({ auth, input, lang, say }) => {
    const order = await service.cancelOwnOrder(db, auth.user, input.order_id);
    say('orderCancelled');
    return { order: await service.orderDetails(db, order, lang, { config }) };
  });

  route(app, addReview, async ({ auth, input, say }) => {
    const review = await service.addReview(db, auth.user, input);
    say('reviewAdded');
    return { review };
  });

  route(app, getPaymentLink, async ({ auth, input }) => {
    const { perAccount: max, windowMinutes } = PAYMENT_LINK_LIMITS;
    await enforce(db, [{ key: paymentLinkKey(auth.user.id), max, windowMinutes }]);
    return service.paymentLink(db, config, auth.user, input.order_id);
  });

  // The receipt image, for the link in the order's details (signed for its owner, expiring).
  app.get<{ Params: { orderId: string }; Querystring: { u?: string; exp?: string; sig?: string } }>(
    RECEIPT_ROUTE,
    { schema: { hide: true } },
    async (req, reply) => {
      const lang = requestLang(req);
      const orderId = Number(req.params.orderId);
      const userId = Number(req.query.u);
      const exp = Number(req.query.exp);
      const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
      const refuse = () =>
        reply.code(404).send({ success: false, code: 404, message: formatMessage(lang, 'notFound'), data: null });
      if (!isRowId(orderId) || !isRowId(userId) || !sig) return refuse();
      if (!(await verifyReceiptLink(db, { orderId, userId, exp, sig }))) return refuse();
      const order = await repo.findOwnOrder(db, userId, orderId);
      if (!order?.receipt_path) return refuse();
      const file = await readReceipt(config, order.receipt_path);
      if (!file) return refuse();
      return reply
        .header('content-type', file.type)
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );
}
