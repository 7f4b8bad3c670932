import { z } from 'zod';
import { parseKeep } from './backups/retention';
import { isProxyEntry, type TrustProxy } from './lib/client-address';
import { isTimeZone } from './lib/shop-days';

/** The server's settings, read from the environment once at start-up (see the README's table). */
/** A number of days something is kept; 0 keeps it for ever. */
const retentionDays = (name: string, days: number) =>
  z.coerce
    .number()
    .int(`${name} must be a whole number of days`)
    .min(0, `${name} must be 0 (keep for ever) or a number of days`)
    .max(3650, `${name} must be at most 3650 (10 years)`)
    .default(days);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be 0-65535')
    .max(65535, 'PORT must be 0-65535')
    .default(8080),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^(postgres(ql)?:\/\/|file:)/.test(v) || !/^[a-z]+:\/\//i.test(v), {
      error: 'DATABASE_URL must be a postgres:// URL or file:PATH',
    }),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be an absolute URL such as https://shop.example.com' })
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{30,}$/, 'BOT_TOKEN must look like 123456:ABC… (from BotFather)')
    .optional(),
  BOT_USERNAME: z
    .string()
    .regex(/^\w{5,}$/, 'BOT_USERNAME is the bot username without @')
    .optional(),
  /**
   * The short name of the shop's Mini App in BotFather (/newapp), for direct links `https://t.me/<bot>/<name>?startapp=…`
   * (shared products, inline results). Unset: the bot's main Mini App link `https://t.me/<bot>?startapp=…`.
   */
  MINI_APP_NAME: z
    .string()
    .regex(
      /^[A-Za-z0-9_]{3,30}$/,
      'MINI_APP_NAME is the Mini App short name from BotFather (3-30 letters, digits or _)',
    )
    .optional(),
  WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{16,256}$/, 'WEBHOOK_SECRET must be 16-256 letters, digits, _ or -')
    .optional(),
  PAYMENT_PROVIDER_TOKEN: z.string().min(1).optional(),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /**
   * Card payments on the web through Stripe's hosted Checkout (payments/provider.ts, docs/decisions/040): the API's
   * secret key (or a restricted key) and the webhook endpoint's signing secret. Both or neither; without them Card is
   * not offered. Never logged.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined || STRIPE_KEY.test(v)) return;
      ctx.addIssue({
        code: 'custom',
        message: v.startsWith('pk_')
          ? 'STRIPE_SECRET_KEY must be the secret key (sk_test_… or sk_live_…), not the publishable key (pk_…)'
          : 'STRIPE_SECRET_KEY must be a secret key sk_test_… / sk_live_… or a restricted key rk_test_… / rk_live_… (Stripe dashboard → Developers → API keys)',
      });
    }),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_[A-Za-z0-9+/=]{16,}$/,
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret, whsec_… (Stripe dashboard → Developers → Webhooks → the endpoint)",
    )
    .optional(),
  /** Stripe's API address; tests point it at a local fake (tests/support/fake-stripe.ts), as TELEGRAM_API_ROOT does. */
  STRIPE_API_BASE: z
    .url({ error: 'STRIPE_API_BASE must be an absolute URL such as https://api.stripe.com' })
    .default('https://api.stripe.com')
    .superRefine((v, ctx) => {
      const problem = apiBaseProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `STRIPE_API_BASE ${problem}` });
    }),
  /**
   * Origins the client may call besides its own (connect-src of the Content-Security-Policy): set it when the client
   * was built with VITE_API_BASE pointing at another server. Comma-separated origins.
   */
  CSP_CONNECT_SRC: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.url({ error: 'CSP_CONNECT_SRC must be comma-separated origins such as https://api.example.com' }))),
  /**
   * Where uploaded files (images, receipts, exchange photos) are kept (files/create-store.ts, docs/decisions/023):
   * unset or `db` → the database (every instance reads them); `s3://bucket[/prefix]?region=…&endpoint=…&path_style=1`
   * → an S3-compatible bucket; `file:PATH` → this machine's disk (one instance only).
   */
  FILES_URL: z
    .string()
    .optional()
    .refine((v) => !v || v === 'db' || /^file:.+/.test(v) || v.startsWith('s3://'), {
      error: 'FILES_URL must be db, file:PATH or s3://bucket[/prefix]?region=…',
    }),
  /** The old local upload folder: the `file:` store's default, the import command's source and a read fallback. */
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  CLIENT_DIST: z.string().min(1).default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['auto', 'off']).default('auto'),
  /**
   * Whom to believe about the client's address in X-Forwarded-For (limits per address): `false` (default: nobody),
   * the number of proxies in front (`1` behind one reverse proxy: preferred), the proxies' addresses/CIDRs
   * (comma-separated), or `true` (the left-most address: only behind a proxy that overwrites the header).
   * See lib/client-address.ts.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const value = v.toLowerCase();
      if (value === 'true') return true;
      if (value === 'false' || value === '0') return false;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= 100) return hops;
      } else {
        const entries = value.split(',').map((e) => e.trim());
        if (entries.every(isProxyEntry)) return entries;
      }
      ctx.addIssue({
        code: 'custom',
        message:
          "TRUST_PROXY must be false, the number of proxies in front of the server (e.g. 1), the proxies' addresses or CIDRs (comma-separated, e.g. 10.0.0.5,192.168.0.0/16), or true",
      });
      return z.NEVER;
    }),
  /**
   * How long (ms) a product-list page is served from this instance's memory before it is read again;
   * 0 turns the cache off. This instance's own orders, cancels and reviews clear it at once; on PostgreSQL so do
   * other instances' and the operator's command line's changes (LISTEN/NOTIFY, docs/decisions/024). The TTL is the
   * bound on SQLite (the command line) and while an instance's listener reconnects (its cache is bypassed then).
   * Default 1000, and 0 under NODE_ENV=test (tests that write rows directly expect to read them back).
   */
  CATALOG_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0, 'CATALOG_CACHE_MS must be 0 (off) or a number of milliseconds')
    .max(60_000, 'CATALOG_CACHE_MS must be at most 60000')
    .optional(),
  /**
   * `on` (default): the shop's public first screens (home, product list, product page, info pages) are answered
   * rendered, with their data, and the client hydrates them (docs/decisions/022); `off`: every page answers the SPA's
   * index.html and the client renders it.
   */
  SERVER_RENDER: z.enum(['on', 'off'], { error: 'SERVER_RENDER must be on or off' }).default('on'),
  /**
   * Hours after which a Pending order with nothing paid (no Telegram payment, no transfer receipt) is
   * cancelled by the server and its stock given back; 0 keeps unpaid orders until the operator acts. The default
   * only: once the owner sets "Unpaid orders" in the back office's Settings, that setting wins.
   */
  UNPAID_ORDER_HOURS: z.coerce
    .number()
    .int('UNPAID_ORDER_HOURS must be a whole number of hours')
    .min(0, 'UNPAID_ORDER_HOURS must be 0 (never) or a number of hours')
    .max(24 * 30, 'UNPAID_ORDER_HOURS must be at most 720 (30 days)')
    .default(48),
  /**
   * How many Pending (unpaid) orders a customer may hold at once; the next one is refused until one is paid
   * or cancelled, so stock cannot be hoarded with orders that are never paid (or junk receipts). Renewals the
   * server places do not count. 0 turns the limit off.
   */
  MAX_UNPAID_ORDERS: z.coerce
    .number()
    .int('MAX_UNPAID_ORDERS must be a whole number')
    .min(0, 'MAX_UNPAID_ORDERS must be 0 (no limit) or a number of orders')
    .max(1000, 'MAX_UNPAID_ORDERS must be at most 1000')
    .default(3),
  /** Days a cancelled (or expired) order keeps its payment receipt; then the file and its reference are deleted. */
  RECEIPT_RETENTION_DAYS: retentionDays('RECEIPT_RETENTION_DAYS', 30),
  /** Days a completed or cancelled order keeps its delivery's name and contact (docs/decisions/050, retention). */
  ORDER_ADDRESS_RETENTION_DAYS: retentionDays('ORDER_ADDRESS_RETENTION_DAYS', 365),
  /**
   * The shop's time zone (IANA, e.g. Asia/Manila): the back office's "today", "7 days", "30 days" and revenue per
   * day are the shop's calendar days in it, not UTC's.
   */
  SHOP_TIMEZONE: z
    .string()
    .default('Asia/Manila')
    .refine(isTimeZone, { error: 'SHOP_TIMEZONE must be an IANA time zone such as Asia/Manila or Europe/London' }),
  /**
   * The SMTP server e-mail goes through (docs/decisions/016): `smtp://user:pass@host:587` (STARTTLS when
   * offered) or `smtps://user:pass@host:465`. Unset: e-mail is off (nothing is queued, no reset by e-mail).
   */
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || isSmtpUrl(v), {
      error: 'SMTP_URL must be smtp://user:pass@host:587 or smtps://user:pass@host:465 (user:pass@ optional)',
    }),
  /** The From of every e-mail, e.g. `Leaf & Cup <orders@example.com>`; required with SMTP_URL. */
  MAIL_FROM: z
    .string()
    .optional()
    .refine((v) => !v || /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(v), {
      error: 'MAIL_FROM must be an address such as orders@example.com or Leaf & Cup <orders@example.com>',
    }),
  /**
   * On SIGTERM, how long (ms) the instance keeps serving after /readyz turned 503, so a load balancer stops sending
   * it requests before it stops listening (docs/decisions/025). 0 (default): stop listening at once (one instance,
   * nothing to tell). Behind a balancer: at least its check interval × the failures it waits for, e.g. 5000.
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int('SHUTDOWN_DRAIN_MS must be a whole number of milliseconds')
    .min(0, 'SHUTDOWN_DRAIN_MS must be 0 or a number of milliseconds')
    .max(300_000, 'SHUTDOWN_DRAIN_MS must be at most 300000 (5 minutes)')
    .default(0),
  /**
   * After the drain, how long (ms) in-flight requests and a background job's round get to finish before the process
   * exits anyway (exit code 1).
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds')
    .min(1000, 'SHUTDOWN_TIMEOUT_MS must be at least 1000')
    .max(600_000, 'SHUTDOWN_TIMEOUT_MS must be at most 600000 (10 minutes)')
    .default(10_000),
  /**
   * Scheduled backups (backups/schedule.ts, docs/decisions/042): into this folder, or (BACKUP_URL) an S3-compatible
   * bucket `s3://bucket[/prefix]?region=…&endpoint=…&path_style=1` (credentials from the AWS SDK's chain, as FILES_URL).
   * Neither: no scheduled backups (`npm run shop -- backup FILE` still works).
   */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^s3:\/\/[a-z0-9]/.test(v), {
      error:
        'BACKUP_URL must be s3://bucket[/prefix]?region=…&endpoint=…&path_style=1 (or use BACKUP_DIR for a folder)',
    }),
  /** Hours between two scheduled backups, across every instance (one instance takes each: a job lease). */
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'BACKUP_EVERY_HOURS must be a number of hours' })
    .int('BACKUP_EVERY_HOURS must be a whole number of hours')
    .min(1, 'BACKUP_EVERY_HOURS must be at least 1')
    .max(24 * 7, 'BACKUP_EVERY_HOURS must be at most 168 (a week)')
    .default(24),
  /**
   * Which scheduled backups are kept (backups/retention.ts): `7d,4w` (default) keeps the newest of each of the last 7
   * days and of each of the last 4 weeks; `m` counts months; a plain number the newest N.
   */
  BACKUP_KEEP: z
    .string()
    .default('7d,4w')
    .refine((v) => parseKeep(v) !== null, {
      error: 'BACKUP_KEEP must be rules such as 7d,4w (days, weeks, months) or a number of backups, e.g. 14',
    }),
  /**
   * The bearer token GET /metrics asks for (metrics/plugin.ts, docs/decisions/044): Prometheus sends
   * `Authorization: Bearer <token>`. Unset: /metrics answers 404. Never logged.
   */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,256}$/,
      'METRICS_TOKEN must be 16-256 printable characters without spaces (e.g. the output of openssl rand -hex 32)',
    )
    .optional(),
  /**
   * A second listener for the metrics alone, on 127.0.0.1 only and without a token (a Prometheus or agent on the same
   * machine). Unset: none. 0 picks a free port (tests).
   */
  METRICS_PORT: z.coerce
    .number({ error: 'METRICS_PORT must be a number' })
    .int('METRICS_PORT must be a whole number')
    .min(0, 'METRICS_PORT must be 0-65535')
    .max(65535, 'METRICS_PORT must be 0-65535')
    .optional(),
  /** Max receipt upload size in bytes. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
});

/** A Stripe secret key (sk_…) or restricted key (rk_…), test or live. */
const STRIPE_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;

/**
 * What is wrong with an API address the secret key will be sent to, or null: only an origin (the SDK adds /v1/), and
 * in clear text (http:) only to this machine (a local fake), never across a network.
 */
function apiBaseProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null; // z.url() has said so already
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// URL';
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return 'must be an origin only, such as https://api.stripe.com (no path, query or credentials)';
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback) return 'must be https:// (http:// only for a fake on this machine)';
  return null;
}

/** smtp:// or smtps:// with a host (and an optional user:pass@ and port). */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const withDefaults = schema
  .superRefine((c, ctx) => {
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message:
          'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (card payments are confirmed only by signed webhooks)',
      });
    }
    if (c.STRIPE_WEBHOOK_SECRET && !c.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set (or unset both: no card payments)',
      });
    }
    if (c.BACKUP_DIR && c.BACKUP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_URL'],
        message: 'set BACKUP_DIR (a folder) or BACKUP_URL (a bucket), not both',
      });
    }
    if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'METRICS_PORT must differ from PORT (it is a second listener, on 127.0.0.1 only)',
      });
    }
    if (c.SMTP_URL && !c.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message:
          'MAIL_FROM is required when SMTP_URL is set (the From of every e-mail, e.g. Leaf & Cup <orders@example.com>)',
      });
    }
  })
  .transform((c) => ({
    ...c,
    CATALOG_CACHE_MS: c.CATALOG_CACHE_MS ?? (c.NODE_ENV === 'test' ? 0 : 1000),
  }));

export type Config = z.infer<typeof withDefaults>;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Blank values count as unset (so the default applies); values are trimmed.
  const cleaned = Object.fromEntries(
    Object.entries(env)
      .map(([k, v]) => [k, v?.trim()] as const)
      .filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = withDefaults.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
