import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/order-actions';
import { formatCents } from '../../common/money';
import type { Order } from '../db/schema';
import type { StaffCaller } from '../lib/endpoint';
import { route } from '../lib/endpoint';
import { notFound } from '../lib/errors';
import type { Shop } from '../shop';
import * as service from './admin-service';
import * as repo from './repository';

/**
 * The order actions of the back office (docs/decisions/013): one path per action; the role is checked by
 * `route()` from the contract's permission before the body is read, the state by the service.
 */
/** A rejected receipt leaves a Pending order with nothing paid to give back. */
const NOTHING_LEFT: service.RefundLeft = { refundOwedCents: 0, refundableCents: 0 };

export default async function orderActionRoutes(app: FastifyInstance) {
  const { db } = app;

  const orderId = async (orderNo: string): Promise<number> => {
    const order = await repo.findOrderByNo(db, orderNo);
    if (!order) throw notFound('orderNotFound', 'order_no');
    return order.id;
  };

  const answer = async (
    order: Order,
    changed: boolean,
    left?: service.RefundLeft,
  ): Promise<contract.OrderActionResult> => {
    const money = left ?? (await service.refundMoney(db, order));
    return {
      order_no: order.order_no,
      status: order.status,
      changed,
      refund_owed_cents: 'owedCents' in money ? money.owedCents : money.refundOwedCents,
      refundable_cents: money.refundableCents,
    };
  };

  type Move = (shop: Shop, actor: StaffCaller, orderId: number) => Promise<service.ActionResult>;
  const move = async (
    orderNo: string,
    staff: StaffCaller,
    action: Move,
    say: (key: 'orderNowStatus' | 'orderAlreadyInStatus', params: Record<string, string>) => void,
  ) => {
    const { order, changed } = await action(app.shop, staff, await orderId(orderNo));
    say(changed ? 'orderNowStatus' : 'orderAlreadyInStatus', { orderNo: order.order_no, status: order.status });
    return answer(order, changed);
  };

  route(app, contract.adminOrderConfirmPayment, ({ input, staff, say }) =>
    move(input.order_no, staff, service.confirmPayment, say),
  );
  route(app, contract.adminOrderProcessing, ({ input, staff, say }) =>
    move(input.order_no, staff, service.markProcessing, say),
  );
  route(app, contract.adminOrderComplete, ({ input, staff, say }) =>
    move(input.order_no, staff, service.completeOrder, say),
  );
  route(app, contract.adminOrderCancel, ({ input, staff, say }) =>
    move(input.order_no, staff, service.cancelOrder, say),
  );

  route(app, contract.adminOrderRejectReceipt, async ({ input, staff, say }) => {
    const { order, changed } = await service.rejectReceipt(
      app.shop,
      staff,
      await orderId(input.order_no),
      input.reason,
    );
    say('receiptRejected');
    return answer(order, changed, NOTHING_LEFT);
  });

  route(app, contract.adminOrderTracking, async ({ input, staff, say }) => {
    const { order, changed } = await service.saveTracking(app.shop, staff, await orderId(input.order_no), input);
    say('trackingSaved');
    return answer(order, changed);
  });

  route(app, contract.adminOrderRefund, async ({ input, staff, say }) => {
    const result = await service.recordRefund(app.shop, staff, await orderId(input.order_no), input);
    say('refundRecorded', {
      amount: formatCents(input.amount_cents),
      owed: formatCents(result.refundableCents),
    });
    return answer(result.order, true, result);
  });

  route(app, contract.adminOrderClearAttention, async ({ input, staff, say }) => {
    const { order, changed } = await service.clearPaymentAttention(app.shop, staff, await orderId(input.order_no));
    say('paymentAttentionCleared', { orderNo: order.order_no });
    return answer(order, changed);
  });

  route(app, contract.adminOrderRefundToCard, async ({ input, staff, say }) => {
    const result = await service.refundToCard(app.shop, staff, await orderId(input.order_no), input);
    say(result.resent ? 'refundToCardResent' : 'refundToCardSent', {
      amount: formatCents(result.amountCents),
      status: result.providerStatus,
      owed: formatCents(result.refundableCents),
    });
    return {
      ...(await answer(result.order, true, result)),
      refund: { id: result.refundId, provider_status: result.providerStatus },
    };
  });
}
