import {
  type CardPaymentState,
  type CheckoutSessionState,
  canPayNow,
  cardPaymentState,
} from '../../common/order-workflow';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { Order } from '../db/schema';
import { badGateway, badRequest, conflict } from '../lib/errors';
import type { Shop } from '../shop';
import { applySession } from './card-notices';
import * as repo from './card-repository';
import type { CheckoutSessionInfo, PaymentProvider } from './provider';
import { type ConsentOrder, saveCardConsent } from './saved-cards';

/**
 * Hosted checkout sessions of card orders (docs/decisions/040): made after the order's transaction committed (never
 * inside it: the provider's call is slow and may fail, and the order stands either way), one per attempt — the same
 * attempt asked twice (two taps, two instances) is the same session at the provider, by its idempotency key — and
 * recorded as soon as the provider answers. The amount is always the order's total in cents, USD, as one line.
 */

/** A session closer to its end than this is not handed out again: a new attempt is made instead. */
const STILL_OPEN_MARGIN_MS = 5 * 60_000;

/** The shop's absolute URL for the provider's redirects: PUBLIC_URL, else this server on localhost (development). */
const shopUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/** Where the provider sends the shopper back: the order's page, which asks the server what happened. */
export function returnUrls(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, orderId: number) {
  const order = `${shopUrl(config)}/order?id=${orderId}`;
  return {
    successUrl: `${order}&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${order}&checkout=cancel`,
  };
}

const requireProvider = (shop: Pick<Shop, 'payments'>): PaymentProvider => {
  if (!shop.payments) throw badRequest('methodNotAvailable', undefined, 'payment_method');
  return shop.payments;
};

type CheckoutOrder = Pick<Order, 'id' | 'order_no' | 'status' | 'payment_method' | 'total_cents'> & ConsentOrder;
type ViewedOrder = Pick<Order, 'id' | 'status' | 'payment_method' | 'total_cents'>;

/**
 * The hosted page to pay a Pending card order on: the open session again while it has time left, else a new one
 * (the next attempt). Refused (409) when the order is not waiting for a card payment or a payment is being
 * confirmed; 502 when the provider did not answer (nothing recorded; the shopper may try again).
 */
export async function openCheckout(shop: Shop, order: CheckoutOrder): Promise<{ url: string; attempt: number }> {
  const provider = requireProvider(shop);
  const latest = await repo.latestSession(shop.db, order.id);
  if (!canPayNow(cardPaymentState(order, latest ?? null))) throw conflict('orderNotAwaitingPayment');
  const now = shop.clock().getTime();
  if (latest?.status === 'open' && latest.url && Date.parse(latest.expires_at) - now > STILL_OPEN_MARGIN_MS) {
    return { url: latest.url, attempt: latest.attempt };
  }
  // Our record says open but its time is (nearly) up: the provider is asked first, so a payment whose notice has
  // not arrived is applied instead of a second page being made.
  if (latest?.status === 'open' && (await paidMeanwhile(shop, provider, latest.provider_ref))) {
    throw conflict('orderNotAwaitingPayment');
  }
  const attempt = (latest?.attempt ?? 0) + 1;
  // With the shopper's consent every page of the order saves the card for its renewals (docs/decisions/040).
  const consent = await saveCardConsent(shop, order);
  const created = await provider.createCheckoutSession({
    orderId: order.id,
    orderNo: order.order_no,
    attempt,
    // One line for the order: its total already has the coupon and the cash reward taken off.
    lines: [{ name: `Leaf & Cup order ${order.order_no}`, unitAmountCents: order.total_cents, quantity: 1 }],
    totalCents: order.total_cents,
    currency: 'usd',
    ...returnUrls(shop.config, order.id),
    ...(consent ? { saveCardForRenewals: consent } : {}),
  });
  if (!created.ok) {
    const { kind, code, message } = created.failure;
    shop.log.warn({ orderId: order.id, attempt, kind, code, message }, 'card checkout session not created');
    throw badGateway('paymentLinkFailed');
  }
  const session = created.value;
  await recordSession(shop.db, provider, session, attempt, order.id);
  if (!session.url) throw badGateway('paymentLinkFailed');
  return { url: session.url, attempt };
}

/** Whether the session turned out complete at the provider (then applied as its notice would be). */
async function paidMeanwhile(shop: Shop, provider: PaymentProvider, ref: string): Promise<boolean> {
  const read = await provider.readCheckoutSession(ref);
  if (!read.ok) return false;
  if (read.value.status === 'complete') {
    await applySession(shop, read.value, 'completed');
    return true;
  }
  if (read.value.status === 'expired') await repo.updateSessionStatus(shop.db, ref, 'expired');
  return false;
}

async function recordSession(
  db: Db,
  provider: PaymentProvider,
  session: CheckoutSessionInfo,
  attempt: number,
  orderId: number,
) {
  await repo.insertSession(db, {
    order_id: orderId,
    provider: provider.name,
    provider_ref: session.reference,
    attempt,
    status: session.status,
    url: session.url,
    amount_cents: session.amountCents,
    currency: session.currency,
    expires_at: session.expiresAt.toISOString(),
  });
}

/**
 * After placing a card order: its first hosted page, or null when there is nothing to pay or the provider did not
 * answer (the order stands; its page offers Pay now).
 */
export async function checkoutAfterPlacing(shop: Shop, order: CheckoutOrder): Promise<string | null> {
  if (order.payment_method !== 'card' || order.status !== 'Pending' || order.total_cents <= 0) return null;
  try {
    return (await openCheckout(shop, order)).url;
  } catch (err) {
    shop.log.warn({ err, orderId: order.id }, 'card order placed without a hosted page; Pay now offers one');
    return null;
  }
}

export interface CardPaymentView {
  state: CardPaymentState;
  /** The open hosted page, while it has time left. */
  checkoutUrl: string | null;
  sessionStatus: CheckoutSessionState | null;
}

/** What the order's page says about its card payment (never Paid before the server recorded the money). */
export async function cardPaymentView(db: Db, order: ViewedOrder, nowMs: number): Promise<CardPaymentView> {
  if (order.payment_method !== 'card') return { state: 'none', checkoutUrl: null, sessionStatus: null };
  const latest = await repo.latestSession(db, order.id);
  const state = cardPaymentState(order, latest ?? null);
  const open = latest?.status === 'open' && latest.url && Date.parse(latest.expires_at) - nowMs > STILL_OPEN_MARGIN_MS;
  return {
    state,
    checkoutUrl: canPayNow(state) && open ? (latest?.url ?? null) : null,
    sessionStatus: latest?.status ?? null,
  };
}

/**
 * The shopper came back from the hosted page with its session id: the server asks the provider and applies what it
 * says exactly as the provider's notice would (idempotently: the notice and this read at the same moment record
 * one payment). A session of another order, one the provider does not know, or one no longer open by our record
 * changes nothing.
 */
export async function confirmReturn(shop: Shop, orderId: number, sessionRef: string): Promise<void> {
  const provider = shop.payments;
  if (!provider) return;
  const known = await repo.findSession(shop.db, sessionRef);
  // Only a page still open by our record can bring news: once it is complete (an asynchronous payment settling) or
  // expired, the provider's notice tells, and the order page's polls while "confirming" read our record alone.
  if (!known || known.order_id !== orderId || known.status !== 'open') return;
  const read = await provider.readCheckoutSession(sessionRef);
  if (!read.ok) {
    shop.log.warn({ orderId, kind: read.failure.kind }, 'card session not read on the return; the notice will tell');
    return;
  }
  const session = read.value;
  // Still open: the shopper came back without paying (or the provider has not finished): nothing to record.
  if (session.orderId !== orderId || session.status === 'open') return;
  await applySession(shop, session, session.status === 'expired' ? 'expired' : 'completed');
}

/**
 * Before an unpaid card order is cancelled (orders/expiry.ts): closes its open sessions at the provider. Answers
 * false when one turned out complete meanwhile (the shopper paid: the payment is applied, and the order must not be
 * cancelled) or could not be closed (tried again next round).
 */
export async function closeOpenSessions(shop: Shop, orderId: number): Promise<boolean> {
  const provider = shop.payments;
  const open = await repo.openSessions(shop.db, orderId);
  if (!provider || open.length === 0) return true;
  let closed = true;
  for (const row of open) {
    const result = await provider.expireCheckoutSession(row.provider_ref);
    if (!result.ok) {
      shop.log.warn({ orderId, kind: result.failure.kind }, 'card session not expired; the order waits a round');
      closed = false;
      continue;
    }
    const session = result.value;
    if (session.status === 'complete') {
      await applySession(shop, session, 'completed');
      closed = false;
    } else {
      await repo.updateSessionStatus(shop.db, row.provider_ref, 'expired');
    }
  }
  return closed;
}

/**
 * After a card order was cancelled (by its customer or staff): its open hosted page is closed, so it cannot be paid
 * any more; a payment made meanwhile is applied, and refunded (card-notices.ts). Best effort: a page the provider did
 * not close is refunded the same way if it is paid later.
 */
export async function closeAfterCancel(shop: Shop, order: Pick<Order, 'id' | 'payment_method' | 'status'>) {
  if (!shop.payments || order.payment_method !== 'card' || order.status !== 'Cancelled') return;
  await closeOpenSessions(shop, order.id).catch((err: unknown) =>
    shop.log.warn({ err, orderId: order.id }, 'card session of a cancelled order not closed'),
  );
}
