import Stripe from 'stripe';
import type { WebhookNotice, WebhookResult } from '../provider';
import { toChargeNotice, toDisputeNotice, toPaymentInfo, toRefundInfo, toSessionInfo } from './objects';

/**
 * Stripe's notices (webhook events), verified and read. The signature is checked by the SDK on the raw body exactly as
 * it arrived (a re-serialised body never verifies), with its default tolerance of 5 minutes so a replayed old notice is
 * refused; only then is the body trusted. Event types the shop does not act on come back as `ignored`.
 */
export function parseStripeWebhook(
  webhooks: Stripe['webhooks'],
  secret: string,
  rawBody: string | Buffer,
  signatureHeader: string | undefined,
): WebhookResult {
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signatureHeader ?? '', secret);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      const stale = /tolerance/i.test(err.message);
      return { ok: false, reason: stale ? 'stale' : 'signature', message: firstLine(err.message) };
    }
    // Signed by us but not an event we can read (not JSON, or a v2 "thin" notification).
    return { ok: false, reason: 'payload', message: firstLine(err instanceof Error ? err.message : String(err)) };
  }
  try {
    if (typeof event?.type !== 'string' || typeof event.data?.object !== 'object') throw new Error('no type or object');
    return { ok: true, notice: toNotice(event) };
  } catch (err) {
    return { ok: false, reason: 'payload', message: `Not a Stripe event: ${err instanceof Error ? err.message : err}` };
  }
}

const firstLine = (text: string) => text.split('\n')[0] ?? text;

function toNotice(event: Stripe.Event): WebhookNotice {
  const base = { eventId: event.id, created: new Date(event.created * 1000), livemode: event.livemode };
  switch (event.type) {
    case 'checkout.session.completed':
      return { ...base, type: 'checkout_completed', session: toSessionInfo(event.data.object) };
    case 'checkout.session.async_payment_succeeded':
      return { ...base, type: 'checkout_async_succeeded', session: toSessionInfo(event.data.object) };
    case 'checkout.session.async_payment_failed':
      return { ...base, type: 'checkout_async_failed', session: toSessionInfo(event.data.object) };
    case 'checkout.session.expired':
      return { ...base, type: 'checkout_expired', session: toSessionInfo(event.data.object) };
    case 'charge.refunded':
      return { ...base, type: 'charge_refunded', charge: toChargeNotice(event.data.object) };
    case 'refund.updated':
      return { ...base, type: 'refund_updated', refund: toRefundInfo(event.data.object) };
    case 'charge.dispute.created':
      return { ...base, type: 'dispute_created', dispute: toDisputeNotice(event.data.object) };
    case 'payment_intent.payment_failed':
      return { ...base, type: 'payment_failed', payment: toPaymentInfo(event.data.object) };
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

/** The webhook events the shop acts on: what to enable on the endpoint in Stripe's dashboard (see the README). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'refund.updated',
  'charge.dispute.created',
  'payment_intent.payment_failed',
] as const;
