import Stripe from 'stripe';
import {
  type CardChoice,
  type FakeCharge,
  type FakeCustomer,
  type FakeDispute,
  type FakeEvent,
  type FakePaymentIntent,
  type FakePaymentMethod,
  type FakeRefund,
  type FakeSession,
  FakeStripeError,
  int,
  invalid,
  list,
  MAX_CENTS,
  MIN_CENTS,
  metadataOf,
  missing,
  newId,
  now,
  obj,
  type Params,
  required,
  str,
} from './fake-stripe-objects';

/**
 * The state behind the fake Stripe API (fake-stripe.ts), first part: the stores, events, customers, Checkout Sessions,
 * PaymentIntents, charges and payment methods, with the rules of the real API that the shop meets (a session's
 * amount_total is the sum of its lines; an off-session charge of a declining card answers 402 with its PaymentIntent).
 * Refunds and disputes: fake-stripe-state.ts.
 */
export class FakeStripeCheckout {
  readonly sessions = new Map<string, FakeSession>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly events: FakeEvent[] = [];
  /** What the session's PaymentIntent will carry once the shopper pays (Checkout creates it then). */
  private readonly sessionIntentData = new Map<
    string,
    { metadata: Record<string, string>; setupFutureUsage: string | undefined; description: string | undefined }
  >();

  /** The status a new refund gets: card refunds usually succeed at once; `pending` lets a test settle it later. */
  nextRefundStatus: 'succeeded' | 'pending' = 'succeeded';
  /**
   * How the hosted page's Pay button pays (`pay`'s options): `async` leaves the payment processing until
   * `settleAsync`, as a payment the bank confirms later does (the shop's page then says it is confirming).
   */
  hostedPay: { card?: CardChoice; async?: boolean } = {};
  /** Called with each new event (the fake's automatic webhook delivery). */
  onEvent: (event: FakeEvent) => void = () => {};

  constructor(private readonly baseUrl: string) {}

  /** Any stored object by its id, for `expand[]`. */
  find(id: string): object | undefined {
    for (const store of [
      this.sessions,
      this.paymentIntents,
      this.charges,
      this.refunds,
      this.customers,
      this.disputes,
    ]) {
      const found = store.get(id);
      if (found) return found;
    }
    return undefined;
  }

  emit(type: string, object: object, request: { idempotencyKey?: string } = {}): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.idempotencyKey ? newId('req') : null, idempotency_key: request.idempotencyKey ?? null },
      type,
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  createCustomer(p: Params): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      livemode: false,
      metadata: metadataOf(p.metadata),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  createSession(p: Params): FakeSession {
    const mode = required(p.mode, 'mode');
    if (mode !== 'payment') throw invalid(`The fake supports mode=payment only, not ${mode}`, { param: 'mode' });
    const lines = list(p.line_items);
    if (lines.length === 0) throw invalid('Missing required param: line_items.', { code: 'parameter_missing' });
    let total = 0;
    let currency = '';
    lines.forEach((raw, i) => {
      const line = obj(raw);
      const price = obj(line.price_data);
      const at = `line_items[${i}][price_data]`;
      currency = required(price.currency, `${at}[currency]`).toLowerCase();
      required(obj(price.product_data).name, `${at}[product_data][name]`);
      total +=
        int(price.unit_amount, `${at}[unit_amount]`) * int(line.quantity ?? '1', `line_items[${i}][quantity]`, 1);
    });
    if (total < MIN_CENTS) {
      throw invalid("The Checkout Session's total amount due must add up to at least $0.50 usd", {
        code: 'amount_too_small',
      });
    }
    if (total > MAX_CENTS) throw invalid('The total amount is too large', { code: 'amount_too_large' });
    const customer = str(p.customer);
    if (customer && !this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const intentData = obj(p.payment_intent_data);
    const setupFutureUsage = str(intentData.setup_future_usage);
    if (setupFutureUsage && setupFutureUsage !== 'off_session' && setupFutureUsage !== 'on_session') {
      throw invalid(`Invalid setup_future_usage: ${setupFutureUsage}`, {
        param: 'payment_intent_data[setup_future_usage]',
      });
    }
    const created = now();
    const expiresAt = p.expires_at === undefined ? created + 24 * 3600 : int(p.expires_at, 'expires_at');
    if (expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600 + 5) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', {
        param: 'expires_at',
      });
    }
    const id = newId('cs_test');
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: str(p.cancel_url) ?? null,
      client_reference_id: str(p.client_reference_id) ?? null,
      created,
      currency,
      customer: customer ?? null,
      customer_email: str(p.customer_email) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: metadataOf(p.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: str(p.success_url) ?? null,
      url: `${this.baseUrl}/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.sessionIntentData.set(id, {
      metadata: metadataOf(intentData.metadata),
      setupFutureUsage,
      description: str(intentData.description),
    });
    return session;
  }

  session(id: string): FakeSession {
    const session = this.sessions.get(id);
    if (!session) throw missing('checkout.session', id);
    return session;
  }

  expireSession(id: string): FakeSession {
    const session = this.session(id);
    if (session.status !== 'open') {
      throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.', {
        code: 'checkout_session_not_open',
      });
    }
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
    return session;
  }

  /**
   * The shopper pays on the hosted page: a PaymentIntent and its charge (card brand, last 4), a saved payment method
   * when the session asked for one, and checkout.session.completed. `async`: a bank debit on its way
   * (payment_status stays unpaid until `settleAsync`, fake-stripe-state.ts).
   */
  pay(id: string, options: { card?: CardChoice; async?: boolean } = {}) {
    const session = this.session(id);
    if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}, not open`);
    const data = this.sessionIntentData.get(id)!;
    const card = options.card ?? { brand: 'visa', last4: '4242' };
    const customer = typeof session.customer === 'string' ? session.customer : null;
    const method = this.addPaymentMethod(card, data.setupFutureUsage === 'off_session' ? customer : null);
    const intent = this.newIntent({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      customer,
      metadata: data.metadata,
      description: data.description ?? null,
      paymentMethod: method.id,
      setupFutureUsage: data.setupFutureUsage === 'off_session' ? 'off_session' : null,
    });
    if (options.async) {
      intent.status = 'processing';
    } else {
      this.succeed(intent, method);
      session.payment_status = 'paid';
    }
    session.status = 'complete';
    session.url = null;
    session.payment_intent = intent.id;
    this.emit('checkout.session.completed', session);
    return { session, paymentIntent: intent, paymentMethod: method };
  }

  addPaymentMethod(card: CardChoice, customer: string | null): FakePaymentMethod {
    const method: FakePaymentMethod = { id: newId('pm'), created: now(), customer, ...card, outcome: 'succeed' };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  private newIntent(f: {
    amount: number;
    currency: string;
    customer: string | null;
    metadata: Record<string, string>;
    description: string | null;
    paymentMethod: string | null;
    setupFutureUsage: 'off_session' | null;
  }): FakePaymentIntent {
    const intent: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: f.amount,
      amount_received: 0,
      created: now(),
      currency: f.currency,
      customer: f.customer,
      description: f.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: f.metadata,
      payment_method: f.paymentMethod,
      setup_future_usage: f.setupFutureUsage,
      status: 'requires_payment_method',
    };
    this.paymentIntents.set(intent.id, intent);
    return intent;
  }

  protected newCharge(intent: FakePaymentIntent, method: FakePaymentMethod, paid: boolean): FakeCharge {
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: paid ? intent.amount : 0,
      amount_refunded: 0,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      disputed: false,
      livemode: false,
      metadata: {},
      paid,
      payment_intent: intent.id,
      payment_method: method.id,
      // Only the card fields the shop reads; the rest of Stripe's card details are left out.
      payment_method_details: {
        type: 'card',
        card: { brand: method.brand, last4: method.last4 } as Stripe.Charge.PaymentMethodDetails.Card,
      },
      refunded: false,
      status: paid ? 'succeeded' : 'failed',
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  protected succeed(intent: FakePaymentIntent, method: FakePaymentMethod): void {
    this.newCharge(intent, method, true);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
  }

  /** POST /v1/payment_intents: the shop only creates confirmed off-session ones (renewals). */
  createPaymentIntent(p: Params, idempotencyKey?: string): FakePaymentIntent {
    const amount = int(p.amount, 'amount', 1);
    if (amount < MIN_CENTS)
      throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const currency = required(p.currency, 'currency').toLowerCase();
    const customer = str(p.customer) ?? null;
    if (customer && !this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const methodId = str(p.payment_method) ?? null;
    const method = methodId ? this.paymentMethods.get(methodId) : undefined;
    if (methodId && !method) throw missing('PaymentMethod', methodId, 'payment_method');
    if (method && method.customer !== customer) {
      throw invalid(
        `The provided PaymentMethod ${methodId} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        { param: 'payment_method' },
      );
    }
    const intent = this.newIntent({
      amount,
      currency,
      customer,
      metadata: metadataOf(p.metadata),
      description: str(p.description) ?? null,
      paymentMethod: methodId,
      setupFutureUsage: null,
    });
    if (str(p.confirm) !== 'true' || !method) return intent;
    if (method.outcome === 'processing') {
      intent.status = 'processing';
      this.emit('payment_intent.processing', intent, { idempotencyKey });
      return intent;
    }
    if (method.outcome === 'succeed') {
      this.succeed(intent, method);
      this.emit('payment_intent.succeeded', intent, { idempotencyKey });
      return intent;
    }
    const declined = method.outcome === 'card_declined';
    const charge = this.newCharge(intent, method, false);
    const error = {
      type: 'card_error' as const,
      code: method.outcome,
      decline_code: declined ? 'insufficient_funds' : 'authentication_required',
      message: declined
        ? 'Your card has insufficient funds.'
        : 'Your card was declined. This transaction requires authentication.',
      charge: charge.id,
    };
    intent.last_payment_error = error;
    this.emit('payment_intent.payment_failed', intent, { idempotencyKey });
    throw new FakeStripeError(402, { ...error, payment_intent: structuredClone(intent) });
  }

  paymentIntent(id: string): FakePaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw missing('payment_intent', id);
    return intent;
  }
}
