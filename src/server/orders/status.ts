import {
  CHANGEABLE_STATUSES,
  cashRewardEarnedCents,
  changeWindowEnds,
  ORDER_CHANGE_WINDOW_MINUTES,
  ORDER_STATUSES,
  type OrderStatus,
  rewardBaseCents,
} from '../../common/checkout-rules';
import { catalogChanged } from '../catalog/list-cache';
import * as checkoutRepo from '../checkout/repository';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { addMinutes, nowIso } from '../lib/time';
import { enqueueOrderNotification, type OrderNotificationKind } from '../notifications/outbox';
import { cancelCommissionsForOrder, confirmCommissionsForOrder } from '../referral/commission-service';
import { withRetry } from './db-errors';
import * as repo from './repository';

/**
 * Order statuses (decisions.md §6): Pending → Paid → Processing → Completed, and Cancelled from Pending
 * or Paid. The customer may only cancel, within 15 minutes of placing; the operator may cancel a
 * Pending or Paid order at any time. Every change is one transaction with its effects: stock, coupon
 * use and cash reward come back on cancel; a completed order earns its cash reward; a notice is queued.
 */

export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Paid', 'Cancelled'],
  Paid: ['Processing', 'Cancelled'],
  Processing: ['Completed'],
  Completed: [],
  Cancelled: [],
};

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export function canTransition(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && TRANSITIONS[from].includes(to);
}

/** Statuses an order may have its tracking set in. */
export const TRACKABLE_STATUSES: readonly OrderStatus[] = ['Paid', 'Processing', 'Completed'];

/**
 * Who asks for the change. `expiry` is the server cancelling an unpaid order (orders/expiry.ts): it only
 * cancels, and only an order that is still unpaid when the change is written.
 */
export type Actor =
  | { kind: 'customer'; userId: number }
  | { kind: 'operator' }
  | { kind: 'system' }
  | { kind: 'expiry' };

const NOTICE: Record<OrderStatus, OrderNotificationKind | null> = {
  Pending: null,
  Paid: 'paid',
  Processing: 'processing',
  Completed: 'completed',
  Cancelled: 'cancelled',
};

export interface StatusChange {
  order: Order;
  /** False when the order already had that status (a repeated request): nothing was done. */
  changed: boolean;
}

/**
 * Moves an order to `to` with its effects, in one transaction. Refusals: unknown order (or not the
 * customer's) 404; a transition the rules do not allow 409; a customer outside the window 409.
 * Asking for the status the order already has answers `changed: false` (idempotent).
 */
export async function changeOrderStatus(
  db: Db,
  orderId: number,
  to: OrderStatus,
  actor: Actor,
  nowMs: number = Date.now(),
): Promise<StatusChange> {
  const change = await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const order =
        actor.kind === 'customer'
          ? await repo.findOwnOrder(trx, actor.userId, orderId)
          : await repo.findOrder(trx, orderId);
      if (!order) throw notFound('orderNotFound');
      if (order.status === to) return { order, changed: false };
      if (actor.kind === 'expiry' && to !== 'Cancelled') throw new AppError(403, 'forbidden');
      if (actor.kind === 'customer') {
        if (to !== 'Cancelled') throw new AppError(403, 'forbidden');
        if (!(CHANGEABLE_STATUSES as readonly string[]).includes(order.status)) {
          throw new AppError(409, 'orderCannotChange');
        }
        if (nowMs >= Date.parse(changeWindowEnds(order.placed_at))) throw new AppError(409, 'orderChangeWindowClosed');
      }
      if (!canTransition(order.status, to)) {
        throw new AppError(409, 'illegalTransition', { from: order.status, to });
      }

      const now = new Date(nowMs).toISOString();
      let update = trx
        .updateTable('orders')
        .set({
          status: to,
          updated_at: now,
          ...(to === 'Paid' ? { paid_at: now } : {}),
          ...(to === 'Completed' ? { completed_at: now } : {}),
          ...(to === 'Cancelled' ? { cancelled_at: now } : {}),
        })
        .where('id', '=', order.id)
        .where('status', '=', order.status);
      if (actor.kind === 'customer') {
        // Re-checked in the update itself: a request that crosses the deadline changes nothing.
        update = update.where('placed_at', '>', addMinutes(now, -ORDER_CHANGE_WINDOW_MINUTES));
      }
      if (actor.kind === 'expiry') {
        // Re-checked in the update itself: a receipt sent or a payment recorded meanwhile keeps the order.
        update = update.where('receipt_path', 'is', null).where(repo.noPaymentRecorded);
      }
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        // Someone else changed it first: answer with what it is now.
        const current = await repo.findOrder(trx, order.id);
        if (current?.status === to || actor.kind === 'expiry') return { order: current ?? order, changed: false };
        if (
          actor.kind === 'customer' &&
          current &&
          (CHANGEABLE_STATUSES as readonly string[]).includes(current.status)
        ) {
          throw new AppError(409, 'orderChangeWindowClosed');
        }
        throw new AppError(409, 'illegalTransition', { from: current?.status ?? order.status, to });
      }

      if (to === 'Cancelled') await undoOrderEffects(trx, order);
      if (to === 'Completed') await earnCashReward(trx, order);
      const kind = actor.kind === 'expiry' ? 'expired' : NOTICE[to];
      if (kind) await enqueueOrderNotification(trx, { userId: order.user_id, orderId: order.id, kind }, now);
      const updated = await repo.findOrder(trx, order.id);
      return { order: updated ?? order, changed: true };
    }),
  );
  // A cancel gave stock back: list cards show it.
  if (change.changed && to === 'Cancelled') catalogChanged(db);
  return change;
}

/**
 * Gives back what placing the order took: the coupon use, the spent cash reward (with a 'returned'
 * ledger row), stock (packagings in id order, like placing, so the two never deadlock); cancels its
 * unpaid commissions. Subscriptions the order started are left alone: they are managed on their own.
 */
async function undoOrderEffects(trx: Db, order: Order): Promise<void> {
  // Row locks in the order placing takes them: coupon → user → packagings → products.
  const redemptions = await trx
    .deleteFrom('coupon_redemptions')
    .where('order_id', '=', order.id)
    .returning('coupon_id')
    .execute();
  for (const r of redemptions) await checkoutRepo.returnCouponUse(trx, r.coupon_id);

  if (order.cash_reward_cents > 0) {
    const balance = await checkoutRepo.creditBalance(trx, order.user_id, order.cash_reward_cents);
    await checkoutRepo.insertLedgerEntry(trx, {
      user_id: order.user_id,
      order_id: order.id,
      type: 'returned',
      spend_cents: order.subtotal_cents,
      amount_cents: order.cash_reward_cents,
      balance_after_cents: balance,
    });
  }

  const items = await repo.orderItems(trx, order.id);
  const perVariant = new Map<number, { productId: number; quantity: number }>();
  for (const item of items) {
    const entry = perVariant.get(item.variant_id) ?? { productId: item.product_id, quantity: 0 };
    entry.quantity += item.quantity;
    perVariant.set(item.variant_id, entry);
  }
  for (const [variantId, { quantity }] of [...perVariant].sort((a, b) => a[0] - b[0])) {
    await repo.returnStock(trx, variantId, quantity);
  }
  const perProduct = new Map<number, number>();
  for (const v of perVariant.values()) perProduct.set(v.productId, (perProduct.get(v.productId) ?? 0) + v.quantity);
  for (const [productId, quantity] of [...perProduct].sort((a, b) => a[0] - b[0])) {
    await repo.adjustStockTotal(trx, productId, quantity);
  }
  await cancelCommissionsForOrder(trx, order.id);
}

/**
 * A completed order earns `cash_reward_percent` % of what was paid for its goods (subtotal − coupon − cash
 * reward redeemed, decisions.md §10) once (unique per order), and confirms its commissions.
 */
async function earnCashReward(trx: Db, order: Order): Promise<void> {
  const settings = await checkoutRepo.getShopSettings(trx);
  const base = rewardBaseCents(order);
  const amount = cashRewardEarnedCents(base, settings.cashRewardPercent);
  if (amount > 0) {
    const already = await trx
      .selectFrom('cash_rewards')
      .select('id')
      .where('order_id', '=', order.id)
      .where('type', '=', 'earned')
      .executeTakeFirst();
    if (!already) {
      const balance = await checkoutRepo.creditBalance(trx, order.user_id, amount);
      await checkoutRepo.insertLedgerEntry(trx, {
        user_id: order.user_id,
        order_id: order.id,
        type: 'earned',
        spend_cents: base,
        amount_cents: amount,
        balance_after_cents: balance,
      });
    }
  }
  await confirmCommissionsForOrder(trx, order.id);
}

/** Sets an order's tracking (company, number, link) when it is Paid, Processing or Completed; queues a notice. */
export async function setTracking(
  db: Db,
  orderId: number,
  tracking: { company: string; number: string; link: string | null },
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const order = await repo.findOrder(trx, orderId);
    if (!order) throw notFound('orderNotFound');
    if (!TRACKABLE_STATUSES.includes(order.status as OrderStatus)) {
      throw new AppError(409, 'illegalTransition', { from: order.status, to: 'shipped' });
    }
    const now = nowIso();
    await trx
      .updateTable('orders')
      .set({
        tracking_company: tracking.company,
        tracking_number: tracking.number,
        tracking_link: tracking.link,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .execute();
    await enqueueOrderNotification(trx, { userId: order.user_id, orderId: order.id, kind: 'tracking' }, now);
    return (await repo.findOrder(trx, order.id)) ?? order;
  });
}
