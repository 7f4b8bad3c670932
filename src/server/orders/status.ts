import { cashRewardEarnedCents, rewardBaseCents } from '../../common/checkout-rules';
import {
  CHANGEABLE_STATUSES,
  canMove,
  changeWindowEnds,
  ORDER_CHANGE_WINDOW_MINUTES,
  type OrderStatus,
  TRACKABLE_STATUSES,
  trackingIssues,
} from '../../common/order-workflow';
import { actorLabel, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import { creditReward, rewardEarned } from '../cash-rewards/service';
import { returnOrderCoupons } from '../coupons/service';
import type { Db } from '../db/connection';
import { isRetryableConflict, withRetry } from '../db/errors';
import type { Order } from '../db/schema';
import { conflict, forbidden, invalidField, notFound } from '../lib/errors';
import { addMinutes, nowIso } from '../lib/time';
import type { OrderNotificationKind } from '../notifications/outbox';
import { creditReferralAward } from '../referral/award-service';
import { cancelCommissionsForOrder, confirmCommissionsForOrder } from '../referral/commission-service';
import { shopSettings } from '../settings/service';
import { inTransaction, type MailTx, type Shop } from '../shop';
import { returnOrderStock, type StockMove } from '../stock/service';
import { type OrderEventKind, recordOrderEvent } from './event-repository';
import { notifyOrder } from './notify';
import * as repo from './repository';

/**
 * An order's status changes, with their effects (the moves themselves: src/common/order-workflow.ts,
 * docs/decisions/036). The customer may only cancel, within 15 minutes of placing; staff (and the command line) may
 * cancel a Pending or Paid order at any time. Every change is one transaction with its effects: stock, coupon use and
 * cash reward come back on cancel; a completed order earns its cash reward; a notice is queued.
 */

/**
 * Who asks for the change. `expiry` is the server cancelling an unpaid order (orders/expiry.ts): it only
 * cancels, and only an order that is still unpaid when the change is written. `telegram`: a Telegram payment
 * arrived. Staff (back office, the bot's staff buttons) and the command line are a StaffActor: their changes
 * are also written to the audit log (docs/decisions/013).
 */
export type StatusActor =
  | { kind: 'customer'; userId: number }
  | { kind: 'system' }
  | { kind: 'expiry' }
  | { kind: 'telegram' }
  /** A card provider's notice (or the shop asking the provider) said the order's payment succeeded. */
  | { kind: 'card' }
  | StaffActor;

/** How an actor is named on the order's timeline. */
const eventActor = (actor: StatusActor): string => {
  switch (actor.kind) {
    case 'customer':
    case 'telegram':
    case 'card':
    case 'system':
      return actor.kind;
    case 'expiry':
      return 'system';
    default:
      return actorLabel(actor);
  }
};

const isStaffActor = (actor: StatusActor): actor is StaffActor => actor.kind === 'staff' || actor.kind === 'cli';

/** The timeline entry and the audit-log action of each status an order moves to. */
const EVENT: Record<OrderStatus, OrderEventKind | null> = {
  Pending: null,
  Paid: 'paid',
  Processing: 'processing',
  Completed: 'completed',
  Cancelled: 'cancelled',
};
const AUDIT_ACTION: Record<OrderStatus, string | null> = {
  Pending: null,
  Paid: 'order.confirm_payment',
  Processing: 'order.processing',
  Completed: 'order.complete',
  Cancelled: 'order.cancel',
};

const NOTICE: Record<OrderStatus, OrderNotificationKind | null> = {
  Pending: null,
  Paid: 'paid',
  Processing: 'processing',
  Completed: 'completed',
  Cancelled: 'cancelled',
};

/** The order moved on while a change was being written, to a status the change is still allowed from. */
class StatusMoved extends Error {
  constructor() {
    super('the order moved on meanwhile; the change runs again');
  }
}

interface StatusChange {
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
  shop: Shop,
  orderId: number,
  to: OrderStatus,
  actor: StatusActor,
  nowMs: number = Date.now(),
): Promise<StatusChange> {
  const change = await withRetry(
    () =>
      inTransaction(shop, async (tx) => {
        const trx = tx.db;
        const order =
          actor.kind === 'customer'
            ? await repo.findOwnOrder(trx, actor.userId, orderId)
            : await repo.findOrder(trx, orderId);
        if (!order) throw notFound('orderNotFound');
        if (order.status === to) return { order, changed: false };
        if (actor.kind === 'expiry' && to !== 'Cancelled') throw forbidden('forbidden');
        if (actor.kind === 'customer') {
          if (to !== 'Cancelled') throw forbidden('forbidden');
          if (!(CHANGEABLE_STATUSES as readonly string[]).includes(order.status)) {
            throw conflict('orderCannotChange');
          }
          if (nowMs >= Date.parse(changeWindowEnds(order.placed_at))) throw conflict('orderChangeWindowClosed');
        }
        if (!canMove(order.status, to)) {
          throw conflict('illegalTransition', { from: order.status, to });
        }

        const now = new Date(nowMs).toISOString();
        const moved = await repo.updateOrderStatus(trx, order.id, {
          from: order.status,
          to,
          now,
          // Re-checked in the update itself: a request that crosses the deadline changes nothing.
          ...(actor.kind === 'customer' ? { placedAfter: addMinutes(now, -ORDER_CHANGE_WINDOW_MINUTES) } : {}),
          // Re-checked in the update itself: a receipt sent or a payment recorded meanwhile keeps the order.
          unpaid: actor.kind === 'expiry',
        });
        if (!moved) {
          // Someone else changed it first: answer with what it is now.
          const current = await repo.findOrder(trx, order.id);
          if (current?.status === to || actor.kind === 'expiry') return { order: current ?? order, changed: false };
          // It moved on to a status the change is still allowed from (a payment landed on the order being
          // cancelled): run the change again from there.
          if (current && current.status !== order.status && canMove(current.status, to)) throw new StatusMoved();
          if (actor.kind === 'customer' && current && CHANGEABLE_STATUSES.includes(current.status)) {
            throw conflict('orderChangeWindowClosed');
          }
          throw conflict('illegalTransition', { from: current?.status ?? order.status, to });
        }

        if (to === 'Cancelled') await undoOrderEffects(tx, order);
        if (to === 'Completed') await earnCashReward(trx, order);
        const event = actor.kind === 'expiry' ? 'expired' : EVENT[to];
        const eventId = event
          ? await recordOrderEvent(trx, order.id, event, eventActor(actor), { from: order.status, to }, now)
          : undefined;
        const kind = actor.kind === 'expiry' ? 'expired' : NOTICE[to];
        if (kind) await notifyOrder(tx, { userId: order.user_id, orderId: order.id, kind, eventId }, now);
        const action = AUDIT_ACTION[to];
        if (isStaffActor(actor) && action) {
          await recordAudit(
            trx,
            actor,
            {
              action,
              entity: 'order',
              entityId: order.id,
              orderNo: order.order_no,
              before: { status: order.status },
              after: { status: to },
            },
            now,
          );
        }
        const updated = await repo.findOrder(trx, order.id);
        return { order: updated ?? order, changed: true };
      }),
    // Each retry follows one move of the order (Pending → Paid → Processing): a few suffice.
    5,
    (err) => err instanceof StatusMoved || isRetryableConflict(err),
  );
  // A cancel gave stock back: list cards show it.
  if (change.changed && to === 'Cancelled') await shop.catalog.changed();
  if (change.changed && (to === 'Paid' || to === 'Cancelled')) {
    shop.metrics.orderMoved(change.order, to === 'Paid' ? 'paid' : actor.kind === 'expiry' ? 'expired' : 'cancelled');
  }
  return change;
}

/**
 * Gives back what placing the order took: the coupon use, the spent cash reward (with a 'returned'
 * ledger row), stock (packagings in id order, like placing, so the two never deadlock); cancels its
 * unpaid commissions. Subscriptions the order started are left alone: they are managed on their own.
 */
async function undoOrderEffects(tx: MailTx, order: Order): Promise<void> {
  const trx = tx.db;
  // Row locks in the order placing takes them: coupon → user → packagings → products.
  await returnOrderCoupons(trx, order.id);

  if (order.cash_reward_cents > 0) {
    await creditReward(trx, {
      userId: order.user_id,
      orderId: order.id,
      type: 'returned',
      spendCents: order.subtotal_cents,
      amountCents: order.cash_reward_cents,
    });
  }

  const items = await repo.orderItems(trx, order.id);
  const perPackaging = new Map<number, StockMove>();
  for (const item of items) {
    const entry = perPackaging.get(item.variant_id) ?? { productId: item.product_id, quantity: 0 };
    entry.quantity += item.quantity;
    perPackaging.set(item.variant_id, entry);
  }
  await returnOrderStock(tx, perPackaging, { source: 'cancel', orderId: order.id, now: nowIso() });
  await cancelCommissionsForOrder(trx, order.id);
}

/**
 * A completed order earns `cash_reward_percent` % of what was paid for its goods (subtotal − coupon − cash
 * reward redeemed, docs/decisions/003) once (unique per order), and confirms its commissions.
 */
async function earnCashReward(trx: Db, order: Order): Promise<void> {
  const settings = await shopSettings(trx);
  const base = rewardBaseCents(order);
  const amount = cashRewardEarnedCents(base, settings.cashRewardPercent);
  if (amount > 0) {
    if (!(await rewardEarned(trx, order.id))) {
      await creditReward(trx, {
        userId: order.user_id,
        orderId: order.id,
        type: 'earned',
        spendCents: base,
        amountCents: amount,
      });
    }
  }
  await confirmCommissionsForOrder(trx, order.id);
  // The member's first completed order credits their referrer the referral award (once per member).
  await creditReferralAward(trx, order);
}

/**
 * Sets an order's tracking (company, number, link) when it is Paid, Processing or Completed; queues a notice,
 * writes the timeline and, for staff and the command line, the audit log. Company and number are required
 * (422 at the field), a link must be http(s); a status change in between (a cancel) is refused (409).
 */
export async function setTracking(
  shop: Shop,
  orderId: number,
  input: { company?: string | null; number?: string | null; link?: string | null },
  actor: StaffActor,
): Promise<Order> {
  const [issue] = trackingIssues(input);
  if (issue) throw invalidField(issue.field, issue.key);
  const tracking = { company: input.company!.trim(), number: input.number!.trim(), link: input.link?.trim() || null };
  return withRetry(() =>
    inTransaction(shop, async (tx) => {
      const trx = tx.db;
      const order = await repo.findOrder(trx, orderId);
      if (!order) throw notFound('orderNotFound');
      if (!TRACKABLE_STATUSES.includes(order.status)) {
        throw conflict('illegalTransition', { from: order.status, to: 'shipped' });
      }
      const now = nowIso();
      // Conditional on the status: a cancel committed in between wins.
      if (!(await repo.setOrderTracking(trx, order.id, tracking, now, TRACKABLE_STATUSES))) {
        const current = await repo.findOrder(trx, order.id);
        throw conflict('illegalTransition', { from: current?.status ?? order.status, to: 'shipped' });
      }
      const eventId = await recordOrderEvent(trx, order.id, 'tracking', actorLabel(actor), tracking, now);
      await notifyOrder(tx, { userId: order.user_id, orderId: order.id, kind: 'tracking', eventId }, now);
      await recordAudit(
        trx,
        actor,
        {
          action: 'order.tracking',
          entity: 'order',
          entityId: order.id,
          orderNo: order.order_no,
          before: { company: order.tracking_company, number: order.tracking_number, link: order.tracking_link },
          after: tracking,
        },
        now,
      );
      return (await repo.findOrder(trx, order.id)) ?? order;
    }),
  );
}
