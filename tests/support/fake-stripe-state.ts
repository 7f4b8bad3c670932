import type Stripe from 'stripe';
import { FakeStripeCheckout } from './fake-stripe-checkout';
import {
  type FakeCharge,
  type FakeDispute,
  type FakePaymentIntent,
  type FakePaymentMethodObject,
  type FakeRefund,
  type FakeSession,
  int,
  invalid,
  metadataOf,
  missing,
  newId,
  now,
  type Params,
  str,
} from './fake-stripe-objects';

/**
 * The fake's whole state: Checkout and its payments (fake-stripe-checkout.ts), plus payments settling later, saved
 * payment methods read and detached, refunds and disputes.
 */
export class FakeStripeState extends FakeStripeCheckout {
  /** An asynchronous payment settles: checkout.session.async_payment_succeeded or _failed. */
  settleAsync(id: string, outcome: 'succeeded' | 'failed'): FakeSession {
    const session = this.session(id);
    const intent = this.paymentIntents.get(String(session.payment_intent));
    if (intent?.status !== 'processing') throw new Error(`session ${id} has no processing payment`);
    this.settleIntent(intent, outcome);
    if (outcome === 'succeeded') session.payment_status = 'paid';
    this.emit(`checkout.session.async_payment_${outcome}`, session);
    return session;
  }

  /**
   * A processing payment of a saved card (its method's outcome `processing`) settles, as the bank confirms it later:
   * payment_intent.succeeded or payment_intent.payment_failed. The shop learns it by reading the payment again.
   */
  settlePayment(id: string, outcome: 'succeeded' | 'failed'): FakePaymentIntent {
    const intent = this.paymentIntent(id);
    if (intent.status !== 'processing') throw new Error(`payment ${id} is ${intent.status}, not processing`);
    this.settleIntent(intent, outcome);
    this.emit(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    return intent;
  }

  private settleIntent(intent: FakePaymentIntent, outcome: 'succeeded' | 'failed'): void {
    if (outcome === 'succeeded') {
      this.succeed(intent, this.paymentMethods.get(String(intent.payment_method))!);
      return;
    }
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'payment_method_provider_decline', message: 'Declined' };
  }

  /** GET /v1/payment_methods/:id, in the API's shape. */
  paymentMethod(id: string): FakePaymentMethodObject {
    const method = this.paymentMethods.get(id);
    if (!method) throw missing('payment_method', id);
    return {
      id: method.id,
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null } as Stripe.PaymentMethod.BillingDetails,
      // Only the card fields the shop could read; the rest of Stripe's card details are left out.
      card: { brand: method.brand, last4: method.last4 } as Stripe.PaymentMethod.Card,
      created: method.created,
      customer: method.customer,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  /**
   * POST /v1/payment_methods/:id/detach: the method leaves its customer (`customer: null`) and can never be charged
   * again; one attached to nobody is refused as Stripe refuses it.
   */
  detachPaymentMethod(id: string): FakePaymentMethodObject {
    const method = this.paymentMethods.get(id);
    if (!method) throw missing('payment_method', id);
    if (!method.customer) {
      throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    }
    method.customer = null;
    const answer = this.paymentMethod(id);
    this.emit('payment_method.detached', answer);
    return answer;
  }

  /** POST /v1/refunds: of a PaymentIntent's (or a charge's) succeeded charge, never more than is left of it. */
  createRefund(p: Params, idempotencyKey?: string): FakeRefund {
    const charge = this.refundableCharge(p);
    const left = charge.amount - charge.amount_refunded;
    if (left === 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = p.amount === undefined ? left : int(p.amount, 'amount', 1);
    if (amount > left) {
      const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
      throw invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const reason = str(p.reason);
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, {
        param: 'reason',
      });
    }
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: metadataOf(p.metadata),
      payment_intent: charge.payment_intent,
      reason: (reason as Stripe.Refund.Reason | undefined) ?? null,
      status: this.nextRefundStatus,
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('refund.created', refund, { idempotencyKey });
    this.emit('charge.refunded', charge, { idempotencyKey });
    return refund;
  }

  private refundableCharge(p: Params): FakeCharge {
    const intentId = str(p.payment_intent);
    const chargeId = intentId ? this.paymentIntent(intentId).latest_charge : str(p.charge);
    if (!intentId && !chargeId) throw invalid('One of `charge` or `payment_intent` is required.');
    const charge = chargeId ? this.charges.get(String(chargeId)) : undefined;
    if (!charge?.paid) {
      throw invalid(`This PaymentIntent (${intentId ?? chargeId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    }
    return charge;
  }

  refund(id: string): FakeRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw missing('refund', id);
    return refund;
  }

  /** A pending refund settles: refund.updated (a failed one gives the money back to the charge's refundable part). */
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): FakeRefund {
    const refund = this.refund(id);
    refund.status = outcome;
    if (outcome === 'failed') {
      refund.failure_reason = 'expired_or_canceled_card';
      const charge = this.charges.get(String(refund.charge))!;
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
    }
    this.emit('refund.updated', refund);
    return refund;
  }

  /** The cardholder disputes a charge: charge.dispute.created. */
  dispute(chargeId: string, reason = 'fraudulent'): FakeDispute {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`no charge ${chargeId}`);
    charge.disputed = true;
    const dispute: FakeDispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason,
      status: 'needs_response',
    };
    this.disputes.set(dispute.id, dispute);
    this.emit('charge.dispute.created', dispute);
    return dispute;
  }
}
