import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { PAYMENT_METHODS } from '../../common/checkout-rules';
import { AppError } from '../lib/errors';
import type { JobMetrics } from '../lib/interval-job';

/**
 * The shop's metrics (docs/decisions/044): one registry per app, made here and passed to the services in `Shop`
 * (docs/decisions/037), never prom-client's global `register`. Services call the small functions below; every label
 * they give is mapped onto a fixed set here (a value outside it counts as `other`), so no id, e-mail, phone or token
 * can ever become a label, whatever a caller passes.
 */
export interface ShopMetrics extends JobMetrics {
  readonly registry: Registry;
  /** The registry in Prometheus' text format, after the `beforeScrape` tasks (the scrape's database reads). */
  scrape(): Promise<string>;
  /** A task each scrape starts with: it may read and keep what its gauges' `collect` then show. */
  beforeScrape(task: () => void): void;
  /** An order was placed (not an idempotent repeat); one placed paid (nothing left to pay) counts as paid too. */
  orderPlaced(order: { payment_method: string; status: string }): void;
  /** An order changed status: paid, cancelled, or cancelled by the unpaid-order expiry. */
  orderMoved(order: { payment_method: string }, event: 'paid' | 'cancelled' | 'expired'): void;
  /** What a payment's news did (a Telegram charge, a card session's notice or read): `paid`, `duplicate`, … */
  payment(provider: string, result: string): void;
  /** A refund: `recorded` by staff by hand, or the provider's answer to one sent to it (`providerRefund`). */
  refund(provider: string, result: 'recorded' | 'sent' | 'unconfirmed' | 'refused'): void;
  /** The provider's answer to a refund the shop sent: sent, refused for good, or not known (retryable). */
  providerRefund(provider: string, answer: { ok: true } | { ok: false; failure: { retryable: boolean } }): void;
  /** Counts a log-in or sign-up by how `work` ends (ok, refused 4xx, throttled 429, error), and answers it. */
  account<T>(kind: 'login' | 'signup', work: Promise<T>): Promise<T>;
  /** An update from Telegram reached the webhook (the silence gauge, metrics/scrape.ts). */
  webhookReceived(source: 'telegram'): void;
  /** When this instance last heard from `source` (ms since the epoch), or when it started. */
  lastHeard(source: 'telegram'): number;
  /** When this instance last heard from `source` (ms since the epoch), or null when not since it started. */
  heardAt(source: 'telegram'): number | null;
  /** One HTTP answer: its method, route pattern (never the URL itself), status and time. */
  httpResponse(method: string, route: string, status: number, seconds: number): void;
  /** One database query's time (db/connection.ts `timeQueries`). */
  queryTime(seconds: number, failed: boolean): void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PROVIDERS = new Set(['telegram', 'stripe', 'manual']);
const PAYMENT_RESULTS = new Set([
  'paid',
  'duplicate',
  'not_pending',
  'amount_mismatch',
  'unknown_order',
  'awaiting_payment',
  'session_failed',
  'session_expired',
  'refunded_unwanted_payment',
  'renewal_paid',
  'renewal_declined',
]);
const ORDER_PAYMENT_METHODS = new Set<string>(PAYMENT_METHODS);

/** `value` when it is one of `allowed`, else `other`. */
const oneOf = (allowed: ReadonlySet<string>, value: string): string => (allowed.has(value) ? value : 'other');

/** `notPending` → `not_pending`: the Telegram outcomes are camelCase, the card ones snake_case. */
const snake = (value: string): string => value.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A job's name as a label (`unpaid order expiry` → `unpaid_order_expiry`); job names are fixed in the code. */
export const jobLabel = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 40) || 'other';

/** An HTTP status as a label: the number, or `other` for anything outside 100-599. */
const statusLabel = (status: number): string =>
  Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : 'other';

/** Seconds: most answers are well under 100 ms; a slow upload or render may take seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a round is a few queries when there is nothing to do, up to minutes for a batch. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
/** Seconds: most queries take well under a millisecond on SQLite, a few on PostgreSQL. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/**
 * Makes an app's registry and its metrics. `processMetrics`: prom-client's default metrics too (CPU, memory, heap,
 * event-loop lag, GC, handles) — only where someone can read them (METRICS_TOKEN or METRICS_PORT): they start an
 * event-loop monitor and a GC observer that live as long as the process.
 */
export function createShopMetrics(opts: { processMetrics?: boolean } = {}): ShopMetrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const m = defineMetrics(registry);

  const started = Date.now();
  const heard = new Map<string, number>();
  const scrapeTasks: Array<() => void> = [];
  const countAccount = (kind: 'login' | 'signup', result: string) =>
    (kind === 'login' ? m.logins : m.signups).inc({ result });

  return {
    registry,
    scrape: () => {
      for (const task of scrapeTasks) task();
      return registry.metrics();
    },
    beforeScrape: (task) => scrapeTasks.push(task),
    orderPlaced: (order) => {
      const method = oneOf(ORDER_PAYMENT_METHODS, order.payment_method);
      m.orders.inc({ event: 'placed', payment_method: method });
      if (order.status === 'Paid') m.orders.inc({ event: 'paid', payment_method: method });
    },
    orderMoved: (order, event) =>
      m.orders.inc({ event, payment_method: oneOf(ORDER_PAYMENT_METHODS, order.payment_method) }),
    payment: (provider, result) =>
      m.payments.inc({ provider: oneOf(PROVIDERS, provider), result: oneOf(PAYMENT_RESULTS, snake(result)) }),
    refund: (provider, result) => m.refunds.inc({ provider: oneOf(PROVIDERS, provider), result }),
    providerRefund: (provider, answer) =>
      m.refunds.inc({
        provider: oneOf(PROVIDERS, provider),
        result: answer.ok ? 'sent' : answer.failure.retryable ? 'unconfirmed' : 'refused',
      }),
    account: async (kind, work) => {
      try {
        const answer = await work;
        countAccount(kind, 'ok');
        return answer;
      } catch (err) {
        const status = err instanceof AppError ? err.status : 500;
        countAccount(kind, status === 429 ? 'throttled' : status < 500 ? 'refused' : 'error');
        throw err;
      }
    },
    webhookReceived: (source) => heard.set(source, Date.now()),
    lastHeard: (source) => heard.get(source) ?? started,
    heardAt: (source) => heard.get(source) ?? null,
    httpResponse: (method, route, status, seconds) =>
      m.http.observe({ method: METHODS.has(method) ? method : 'other', route, status: statusLabel(status) }, seconds),
    queryTime: (seconds, failed) => m.queries.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
    jobStarted: (name, intervalMs) => m.jobInterval.set({ job: jobLabel(name) }, intervalMs / 1000),
    jobRound: (name, seconds, outcome) => {
      const job = jobLabel(name);
      m.jobRuns.inc({ job, outcome });
      m.jobDuration.observe({ job }, seconds);
      if (outcome === 'ok') m.jobLastSuccess.set({ job }, Date.now() / 1000);
    },
  };
}

/** The shop's own metrics, in `registry`. */
function defineMetrics(registry: Registry) {
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers });
  const gauge = (name: string, help: string, labelNames: string[]) => new Gauge({ name, help, labelNames, registers });
  const histogram = (name: string, help: string, labelNames: string[], buckets: number[]) =>
    new Histogram({ name, help, labelNames, buckets, registers });
  const http = histogram(
    'shop_http_request_duration_seconds',
    'HTTP answers by method, route pattern and status, with their time (its _count counts the requests).',
    ['method', 'route', 'status'],
    HTTP_BUCKETS,
  );
  const orders = counter(
    'shop_orders_total',
    "Orders placed, paid, cancelled and expired (cancelled by the unpaid-order expiry), by the order's payment method.",
    ['event', 'payment_method'],
  );
  const payments = counter(
    'shop_payments_total',
    "What a payment's news did, by provider and result (paid, duplicate, amount_mismatch, …).",
    ['provider', 'result'],
  );
  const refunds = counter(
    'shop_refunds_total',
    "Refunds by provider and result: recorded by hand, or the provider's answer (sent, refused, unconfirmed).",
    ['provider', 'result'],
  );
  const logins = counter(
    'shop_logins_total',
    'Log-ins by result: ok, refused (wrong or missing credentials), throttled (429), error.',
    ['result'],
  );
  const signups = counter(
    'shop_signups_total',
    'Sign-ups by result: ok, refused (a field, a taken e-mail or phone), throttled (429), error.',
    ['result'],
  );
  const jobRuns = counter(
    'shop_job_runs_total',
    'Background job rounds this instance ran, by job and outcome (ok, failed, stopped: lease lost or stopping).',
    ['job', 'outcome'],
  );
  const jobDuration = histogram(
    'shop_job_duration_seconds',
    "Background job rounds' time, by job.",
    ['job'],
    JOB_BUCKETS,
  );
  const jobLastSuccess = gauge(
    'shop_job_last_success_timestamp_seconds',
    'When a round of the job last ended well on this instance (Unix time); across instances take the max.',
    ['job'],
  );
  const jobInterval = gauge(
    'shop_job_interval_seconds',
    'How often the job is meant to run across the fleet; set when this instance starts its timer.',
    ['job'],
  );
  const queries = histogram(
    'shop_db_query_duration_seconds',
    'Database queries run through Kysely, by outcome (ok, error), with their time.',
    ['outcome'],
    QUERY_BUCKETS,
  );
  return {
    http,
    orders,
    payments,
    refunds,
    logins,
    signups,
    jobRuns,
    jobDuration,
    jobLastSuccess,
    jobInterval,
    queries,
  };
}
