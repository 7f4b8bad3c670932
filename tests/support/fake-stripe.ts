import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import {
  type CardChoice,
  type FakeEvent,
  type FakePaymentMethod,
  FakeStripeError,
  missing,
} from './fake-stripe-objects';
import { FakeStripeState } from './fake-stripe-state';

/**
 * A fake of Stripe's HTTP API for tests (Stripe is outside this machine), on 127.0.0.1 at a free port, for the real
 * `stripe` SDK: point the provider's STRIPE_API_BASE at `url`. It answers the endpoints the shop's provider uses
 * (payments/stripe/provider.ts) as Stripe does: form-encoded bodies in, JSON out, `expand[]`, Stripe's error objects
 * `{ error: { type, code, message } }` with their statuses, a Bearer key checked, and Idempotency-Key honoured (the
 * same key and body answer the first answer again with no second object; the same key with another body is 400
 * idempotency_error). Every request is recorded.
 *
 * Test helpers act as the shopper, the bank and Stripe's own timers (`pay`, `settleAsync`, `expire`, `declineCard`,
 * `chargeLater` and `settlePayment`, `settleRefund`, `dispute`), and `deliver` posts an event signed with `stripe.webhooks.generateTestHeaderString`,
 * exactly as Stripe signs. A tiny hosted page, GET /pay/:session, has Pay and Cancel buttons that go back to the
 * session's success_url / cancel_url, for browser tests.
 *
 * What it proves: the provider speaks Stripe's API as the SDK sends it and reads the shapes the SDK's types declare.
 * What it does not: Stripe's full validation, other payment methods' flows, 3-D Secure pages, or live behaviour.
 */

export const FAKE_STRIPE_KEY = 'sk_test_FakeStripeKey0123456789';
export const FAKE_WEBHOOK_SECRET = 'whsec_FakeStripeWebhookSecret0123456789';

export interface FakeStripeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  status: number;
  /** Answered from the idempotency store, without running the request again. */
  replayed: boolean;
}

interface StoredAnswer {
  route: string;
  params: string;
  status: number;
  body: string;
}

export interface Delivery {
  status: number;
  body: string;
}

export interface FakeStripe extends Omit<FakeStripeState, 'emit' | 'find'> {
  /** `http://127.0.0.1:<port>`: STRIPE_API_BASE. */
  url: string;
  apiKey: string;
  webhookSecret: string;
  requests: FakeStripeRequest[];
  /** Stripe's own timer: an open session expires (checkout.session.expired). */
  expire(sessionId: string): void;
  /** Off-session charges of this card answer 402 card_declined (or authentication_required). */
  declineCard(paymentMethodId: string, code?: 'card_declined' | 'authentication_required'): FakePaymentMethod;
  /** Off-session charges of this card stay `processing` until `settlePayment` (the bank confirms them later). */
  chargeLater(paymentMethodId: string): FakePaymentMethod;
  /** The event's body (or any body) and a Stripe-Signature header for it (`timestamp` in s; `secret` to sign wrongly). */
  signed(
    event: FakeEvent | string,
    options?: { secret?: string; timestamp?: number },
  ): { payload: string; header: string };
  /** POSTs an event to a webhook URL, signed as Stripe signs; `tamper` changes the body after signing. */
  deliver(
    url: string,
    event: FakeEvent,
    options?: { secret?: string; timestamp?: number; tamper?: (payload: string) => string },
  ): Promise<Delivery>;
  /** From now on, deliver every new event to `url` as it happens (as Stripe does), recorded in `deliveries`. */
  forwardEvents(url: string | null): void;
  deliveries: Array<Promise<Delivery>>;
  /** The next `requests` API calls answer 500 api_error without running (Stripe down; the SDK retries twice). */
  outage(requests: number): void;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}`, ...headers });
  res.end(text);
  return text;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const parseForm = (text: string) => qs.parse(text, { depth: 10, arrayLimit: 1000 }) as Record<string, unknown>;

/** Replaces ids by their objects along each `expand[]` path ("payment_intent.latest_charge"), on a copy. */
function expand(state: FakeStripeState, object: object, paths: unknown): object {
  const copy = structuredClone(object) as Record<string, unknown>;
  const list = Array.isArray(paths) ? paths : paths && typeof paths === 'object' ? Object.values(paths) : [];
  for (const path of list) {
    let at: Record<string, unknown> | undefined = copy;
    for (const field of String(path).split('.')) {
      if (!at) break;
      const value: unknown = at[field];
      const found = typeof value === 'string' ? state.find(value) : undefined;
      if (found) at[field] = structuredClone(found);
      const next: unknown = at[field];
      at = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
  }
  return copy;
}

type Handler = (params: Record<string, unknown>, key: string | undefined) => object;

/** The API's routes: method, path pattern (its groups are the ids), and the state's handler. */
function routes(state: FakeStripeState): Array<[string, RegExp, (m: string[]) => Handler]> {
  return [
    ['POST', /^\/v1\/customers$/, () => (p) => state.createCustomer(p)],
    ['POST', /^\/v1\/checkout\/sessions$/, () => (p) => state.createSession(p)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      ([id]) =>
        () =>
          state.session(id!),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([id]) =>
        () =>
          state.expireSession(id!),
    ],
    ['POST', /^\/v1\/payment_intents$/, () => (p, key) => state.createPaymentIntent(p, key)],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      ([id]) =>
        () =>
          state.paymentIntent(id!),
    ],
    [
      'GET',
      /^\/v1\/payment_methods\/([^/]+)$/,
      ([id]) =>
        () =>
          state.paymentMethod(id!),
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      ([id]) =>
        () =>
          state.detachPaymentMethod(id!),
    ],
    ['POST', /^\/v1\/refunds$/, () => (p, key) => state.createRefund(p, key)],
    [
      'GET',
      /^\/v1\/refunds\/([^/]+)$/,
      ([id]) =>
        () =>
          state.refund(id!),
    ],
  ];
}

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** GET /pay/:id (the hosted page), POST /pay/:id/complete and /pay/:id/cancel (its two buttons). */
function hostedPage(state: FakeStripeState, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const m = /^\/pay\/([^/]+)(?:\/(complete|cancel))?$/.exec(path);
  if (!m) return false;
  const session = state.sessions.get(m[1]!);
  if (!session) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('No such session');
    return true;
  }
  const action = m[2];
  if (req.method === 'POST' && action) {
    if (session.status !== 'open') {
      res.writeHead(410, { 'content-type': 'text/plain' }).end(`This session is ${session.status}`);
      return true;
    }
    if (action === 'complete') state.pay(session.id, state.hostedPay);
    const target = action === 'complete' ? session.success_url : session.cancel_url;
    res.writeHead(303, { location: (target ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
    return true;
  }
  const amount = `$${((session.amount_total ?? 0) / 100).toFixed(2)}`;
  const open = session.status === 'open';
  res.writeHead(open ? 200 : 410, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Fake Stripe Checkout</title></head><body>
<h1>Pay ${escapeHtml(amount)}</h1><p>Order ${escapeHtml(session.metadata?.order_no ?? '')}</p>
${
  open
    ? `<form method="post" action="/pay/${session.id}/complete"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel</button></form>`
    : `<p>This session is ${session.status}.</p>`
}</body></html>`);
  return true;
}

export async function startFakeStripe(options: { apiKey?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const apiKey = options.apiKey ?? FAKE_STRIPE_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  const requests: FakeStripeRequest[] = [];
  const answers = new Map<string, StoredAnswer>();
  let state!: FakeStripeState;
  let down = 0;

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: Record<string, unknown>) {
    const method = req.method ?? 'GET';
    const text = method === 'POST' ? await readBody(req) : '';
    const params = parseForm(text);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const record = (status: number, replayed = false) =>
      requests.push({ method, path, query, params, idempotencyKey: key ?? null, status, replayed });

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      record(401);
      json(res, 401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(12)}${given.slice(-4)}`,
        },
      });
      return;
    }
    if (down > 0) {
      down--;
      record(500);
      json(res, 500, { error: { type: 'api_error', message: 'fake-stripe: the API is down' } });
      return;
    }
    const found = routes(state)
      .map(([m, pattern, make]) => (m === method ? ([pattern.exec(path), make] as const) : null))
      .find((r) => r?.[0]);
    if (!found) {
      record(404);
      json(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      });
      return;
    }
    const [match, make] = found;
    const route = `${method} ${path}`;
    const canonical = JSON.stringify(params);
    const stored = key && method === 'POST' ? answers.get(key) : undefined;
    if (stored) {
      if (stored.route !== route || stored.params !== canonical) {
        record(400);
        json(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      record(stored.status, true);
      res.writeHead(stored.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
        'idempotency-key': key!,
      });
      res.end(stored.body);
      return;
    }
    let status = 200;
    let body: string;
    try {
      const object = make(match!.slice(1))(params, key);
      body = json(res, 200, expand(state, object, params.expand ?? query.expand));
    } catch (err) {
      if (!(err instanceof FakeStripeError)) throw err;
      status = err.status;
      body = json(res, status, { error: err.body });
    }
    record(status);
    // Stripe keeps the answer of a request that ran (a success, or a card's decline), not of one refused up front.
    if (key && method === 'POST' && (status === 200 || status === 402)) {
      answers.set(key, { route, params: canonical, status, body });
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 1000 }) as Record<string, unknown>;
    const handled = hostedPage(state, req, res, url.pathname);
    if (handled) return;
    api(req, res, url.pathname, query).catch((err: unknown) => {
      json(res, 500, { error: { type: 'api_error', message: `fake-stripe: ${String(err)}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state = new FakeStripeState(url);

  const signed = (event: FakeEvent | string, o: { secret?: string; timestamp?: number } = {}) => {
    // Stripe sends its events pretty-printed: a verifier must use the raw body, not a re-serialised one.
    const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? webhookSecret,
      ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
    });
    return { payload, header };
  };
  const deliver: FakeStripe['deliver'] = async (target, event, o = {}) => {
    const { payload, header } = signed(event, o);
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: o.tamper ? o.tamper(payload) : payload,
    });
    return { status: response.status, body: await response.text() };
  };
  const deliveries: Array<Promise<Delivery>> = [];
  const chargesAnswer = (paymentMethodId: string, outcome: FakePaymentMethod['outcome']) => {
    const method = state.paymentMethods.get(paymentMethodId);
    if (!method) throw missing('PaymentMethod', paymentMethodId);
    method.outcome = outcome;
    return method;
  };

  // The state's methods and stores, plus the server's own helpers.
  return Object.assign(state, {
    url,
    apiKey,
    webhookSecret,
    requests,
    deliveries,
    outage: (count: number) => {
      down = count;
    },
    expire: (sessionId: string) => void state.expireSession(sessionId),
    declineCard: (paymentMethodId: string, code: 'card_declined' | 'authentication_required' = 'card_declined') =>
      chargesAnswer(paymentMethodId, code),
    chargeLater: (paymentMethodId: string) => chargesAnswer(paymentMethodId, 'processing'),
    signed,
    deliver,
    forwardEvents: (target: string | null) => {
      state.onEvent = target
        ? (event) =>
            void deliveries.push(deliver(target, event).catch((err: unknown) => ({ status: 0, body: String(err) })))
        : () => {};
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
}

export type { CardChoice, FakeEvent };
