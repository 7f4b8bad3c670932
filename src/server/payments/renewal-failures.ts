import type { Lang } from '../../common/contract/lang';
import { type RenewalFailure, toRenewalFailure } from '../../common/renewal-charges';
import { accountById } from '../accounts/service';
import { addDays } from '../lib/time';
import { enqueueMail } from '../mail/outbox';
import { enqueueOrderNotification } from '../notifications/outbox';
import { findOrderForPayment, notePayment } from '../orders/payment-hooks';
import { inTransaction, type MailTx, type Shop } from '../shop';
import { noteRenewalFailure } from '../subscriptions/service';
import type { PaymentInfo } from './provider';
import * as repo from './renewal-repository';

/**
 * A renewal's off-session charge that failed (docs/decisions/040, "Renewals charged to a saved card"). The provider's
 * synchronous answer and its `payment_intent.payment_failed` notice tell the same thing: whichever comes first ends the
 * attempt (a conditional update from `charging`), and only that one schedules the next try and tells the customer, so
 * a failure is applied once however often it is told.
 */

/** The retries of a declined renewal, in days after its first failed charge: one place for the schedule. */
export const RENEWAL_RETRY_AFTER_DAYS = [1, 3] as const;
/** The first charge and its retries. */
export const RENEWAL_CHARGE_ATTEMPTS = RENEWAL_RETRY_AFTER_DAYS.length + 1;

export interface ChargeFailure {
  /** ProviderFailure.kind: `card_declined`, `authentication_required` (counted as a decline: nobody is there)… */
  kind: string;
  code: string | null;
  paymentRef: string | null;
}

/**
 * Ends attempt `attempt` of the renewal `orderId` as failed, if it is still running; then, in the same transaction:
 * the next try is scheduled (while tries remain and the order still waits), or, after the last, the subscription
 * says why; the order's timeline notes it; the customer is told by the bot and by e-mail with the order's Pay now.
 * Answers whether this call applied it.
 */
export async function recordChargeFailure(
  shop: Shop,
  key: { orderId: number; attempt: number },
  failure: ChargeFailure,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const reason = toRenewalFailure(failure.kind);
  return inTransaction(shop, async (tx) => {
    const row = await repo.finishAttempt(
      tx.db,
      key,
      { status: 'failed', paymentRef: failure.paymentRef, kind: failure.kind, code: failure.code },
      at,
    );
    if (!row) return false;
    const order = await findOrderForPayment(tx.db, key.orderId);
    if (!order) return true;
    const retryAt = await scheduleRetry(tx.db, row, order.status === 'Pending', at);
    if (!retryAt && row.subscription_id !== null) {
      await noteRenewalFailure(tx.db, row.subscription_id, { reason, orderId: order.id, at });
    }
    await notePayment(tx.db, order.id, 'card_payment', {
      status: 'failed',
      attempt: key.attempt,
      kind: failure.kind,
      code: failure.code,
      payment: failure.paymentRef,
      retry_at: retryAt,
    });
    await tellCustomer(tx, { orderId: order.id, userId: order.user_id, lang: order.lang }, key.attempt, retryAt, at);
    return true;
  });
}

/** The next try's time, scheduled, or null after the last one (or when the order no longer waits). */
async function scheduleRetry(
  db: Shop['db'],
  row: repo.RenewalChargeRow,
  orderWaits: boolean,
  at: string,
): Promise<string | null> {
  const days = RENEWAL_RETRY_AFTER_DAYS[row.attempt - 1];
  if (days === undefined || !orderWaits) return null;
  const first = row.attempt === 1 ? row : await repo.findAttempt(db, row.order_id, 1);
  const retryAt = addDays(first?.updated_at ?? at, days);
  await repo.scheduleAttempt(db, {
    order_id: row.order_id,
    subscription_id: row.subscription_id,
    saved_card_id: row.saved_card_id,
    attempt: row.attempt + 1,
    due_at: retryAt,
  });
  return retryAt;
}

/** The bot's message and the e-mail (always: a payment is awaited), each with the order's Pay now. */
async function tellCustomer(
  tx: MailTx,
  order: { orderId: number; userId: number; lang: Lang },
  attempt: number,
  retryAt: string | null,
  at: string,
): Promise<void> {
  await enqueueOrderNotification(
    tx.db,
    {
      userId: order.userId,
      orderId: order.orderId,
      kind: 'renewal_charge_failed',
      ...(retryAt ? { params: { retry_at: retryAt } } : {}),
    },
    at,
  );
  const user = await accountById(tx.db, order.userId);
  if (!user?.email) return;
  await enqueueMail(
    tx,
    {
      to: user.email,
      userId: user.id,
      orderId: order.orderId,
      kind: 'renewal_charge_failed',
      lang: order.lang,
      params: { orderId: order.orderId, retryAt },
      dedupeKey: `order:${order.orderId}:renewal-charge-failed:${attempt}`,
    },
    at,
  );
}

/**
 * The provider's notice that a payment failed: for a renewal's charge (our metadata names the order and attempt) the
 * same failure as the synchronous answer, applied once; any other payment's failure (a hosted page's attempt) is
 * the session's business and ignored here.
 */
export async function applyRenewalFailureNotice(
  shop: Shop,
  payment: PaymentInfo,
): Promise<{ outcome: string; orderId: number | null }> {
  if (payment.renewalAttempt === null || payment.orderId === null) return { outcome: 'ignored', orderId: null };
  const kind: RenewalFailure =
    payment.status === 'requires_action' || payment.failure?.code === 'authentication_required'
      ? 'authentication_required'
      : 'card_declined';
  const applied = await recordChargeFailure(
    shop,
    { orderId: payment.orderId, attempt: payment.renewalAttempt },
    { kind, code: payment.failure?.declineCode ?? payment.failure?.code ?? null, paymentRef: payment.reference },
    shop.clock(),
  );
  return { outcome: applied ? 'renewal_charge_failed' : 'renewal_failure_known', orderId: payment.orderId };
}
