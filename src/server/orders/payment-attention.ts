import { actorLabel, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import { withRetry } from '../db/errors';
import { conflict, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { inTransaction, type Shop } from '../shop';
import type { ActionResult } from './admin-actions';
import { recordOrderEvent } from './event-repository';
import * as repo from './repository';

/**
 * "Mark as handled" (docs/decisions/040): staff clear an order's payment flag (orders.payment_attention: a changed
 * amount, a dispute, a late payment not refunded, a failed refund) once they dealt with it. One transaction with a
 * conditional update (the flag still the one they saw), audited and on the order's timeline; refused (409) when the
 * order has no flag. The role (orders.money) is checked by the route, from the order workflow.
 */
export async function clearPaymentAttention(shop: Shop, actor: StaffActor, orderId: number): Promise<ActionResult> {
  return withRetry(() =>
    inTransaction(shop, async (tx) => {
      const trx = tx.db;
      const order = await repo.findOrder(trx, orderId);
      if (!order) throw notFound('orderNotFound');
      const attention = order.payment_attention;
      if (!attention || !(await repo.clearPaymentAttention(trx, order.id, attention))) {
        throw conflict('paymentAttentionNone', { orderNo: order.order_no });
      }
      const now = nowIso();
      await recordOrderEvent(trx, order.id, 'payment_attention_cleared', actorLabel(actor), { attention }, now);
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.clear_payment_attention',
          entity: 'order',
          entityId: order.id,
          orderNo: order.order_no,
          before: { payment_attention: attention },
          after: { payment_attention: null },
        },
        now,
      );
      return { order: { ...order, payment_attention: null }, changed: true };
    }),
  );
}
