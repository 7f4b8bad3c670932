import type { AdminSubscriptionRow } from '../../common/contract/admin/subscriptions';
import type { Lang } from '../../common/contract/lang';
import type { SubscriptionStatus } from '../../common/contract/subscriptions';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import * as repo from './admin-repository';

/**
 * Subscriptions as staff see and stop them (permission `subscriptions`; the operator's `cancel-subscription`
 * goes through the same cancel with the command line as the actor).
 *
 * Cancel and renewal: the renewal (scheduler.ts → placeOrder) claims its due date first, in the order's own
 * transaction, with an update of the subscription's row that holds only while it is `active`; the cancel locks
 * the same row and changes it in one transaction. So they are serialized on that row:
 * - a renewal that claimed first is placed, and the cancel waits for it and answers after it (the order was
 *   placed before the cancel; the cancel's audit entry shows the next date the renewal moved on);
 * - a renewal that comes after the cancel finds the subscription cancelled and places nothing.
 * No renewal is ever placed after a cancel has been answered.
 */

const pick = (lang: Lang, en: string, zh: string) => (lang === 'zh' ? zh : en);

function toRow(r: NonNullable<repo.AdminSubscriptionDbRow>, lang: Lang): AdminSubscriptionRow {
  return {
    id: r.id,
    customer: { id: r.user_id, nickname: r.nickname, email: r.email },
    product: pick(lang, r.name_en, r.name_zh),
    packaging: pick(lang, r.variant_name_en, r.variant_name_zh),
    quantity: r.quantity,
    frequency_weeks: r.frequency_weeks,
    status: r.status,
    next_due_at: r.next_due_at,
    updated_at: r.updated_at,
  };
}

export async function listSubscriptions(
  db: Db,
  lang: Lang,
  opts: { status?: SubscriptionStatus; email?: string; cursor?: number; limit?: number },
): Promise<{ subscriptions: AdminSubscriptionRow[]; next_cursor: number | null }> {
  const limit = adminLimit(opts.limit);
  const rows = await repo.listSubscriptions(db, {
    status: opts.status,
    email: opts.email?.trim() || undefined,
    before: opts.cursor,
    limit,
  });
  const { items, next_cursor } = keysetPage(rows, limit);
  return { subscriptions: items.map((r) => toRow(r, lang)), next_cursor };
}

export async function subscriptionRow(db: Db, subscriptionId: number, lang: Lang): Promise<AdminSubscriptionRow> {
  const row = await repo.findSubscription(db, subscriptionId);
  if (!row) throw notFound('subscriptionNotFound', 'id');
  return toRow(row, lang);
}

/**
 * Stops a subscription: no more renewals; orders it already placed stay as they are. Audited
 * (`subscription.cancel`, status and next date before, status after). Cancelling a cancelled subscription
 * changes nothing and writes nothing (`changed: false`). 404 naming `id` when there is none.
 */
export async function cancelSubscription(
  db: Db,
  actor: StaffActor,
  subscriptionId: number,
): Promise<{ changed: boolean }> {
  const changed = await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await repo.lockSubscription(trx, subscriptionId);
      if (!before) throw notFound('subscriptionNotFound', 'id');
      if (before.status !== 'active') return false;
      const now = nowIso();
      if (!(await repo.cancelIfActive(trx, subscriptionId, now))) return false;
      await recordAudit(
        trx,
        actor,
        {
          action: 'subscription.cancel',
          entity: 'subscription',
          entityId: subscriptionId,
          before: { status: before.status, next_due_at: before.next_due_at },
          after: { status: 'cancelled' },
        },
        now,
      );
      return true;
    }),
  );
  return { changed };
}

/** The operator's list: active subscriptions by next delivery, soonest first; then cancelled ones, latest first. */
export const subscriptionsByNextDelivery = (db: Db, opts: { status?: SubscriptionStatus; limit: number }) =>
  repo.listByNextDelivery(db, opts);
