import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import qs from 'qs';
import { createRetentionJob } from './account-deletion/retention';
import { createAccountCleanupJob } from './accounts/cleanup';
import { createBackupJob } from './backups/schedule';
import type { Config } from './config';
import { createDataExportJob } from './data-export/job';
import type { ChangeListener } from './db/change-bus';
import { type Db, parseDatabaseUrl } from './db/connection';
import { isPostgres } from './db/dialect';
import { createFileStore } from './files/create-store';
import type { FileStore } from './files/store';
import { fastifyTrustProxy } from './lib/client-address';
import { REDACTED_PATHS, requestLogFields, scrubLine } from './lib/log';
import { createMailSender } from './mail/sender';
import { createCartReminderJob } from './marketing/cart-reminders';
import { createReorderReminderJob } from './marketing/reorder-reminders';
import metricsPlugin from './metrics/plugin';
import { createShopMetrics } from './metrics/registry';
import { createExpiryScheduler } from './orders/expiry';
import { createReceiptRetentionJob } from './orders/receipt-retention';
import { createReconcileJob } from './payments/reconcile';
import authPlugin from './plugins/auth';
import clientPlugin from './plugins/client';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import healthPlugin from './plugins/health';
import multipartPaths from './plugins/multipart-paths';
import requestLog from './plugins/request-log';
import securityHeaders from './plugins/security-headers';
import { isKnownCode } from './referral/service';
import { domainRoutes } from './routes';
import { createShop, type Shop } from './shop';
import { createRenewalScheduler } from './subscriptions/scheduler';
import { createInstance, type Instance } from './system/heartbeat';
import telegramPlugin from './telegram/plugin';
import { tracing } from './telemetry/hooks';

interface AppOptions {
  config: Config;
  db: Db;
  /** Whether closing the app destroys the database (true for the real server). */
  ownsDb?: boolean;
  /** Logger options over the defaults (level from LOG_LEVEL); tests pass a stream to read the log lines. */
  logger?: Omit<FastifyLoggerOptions, 'serializers'> & { stream?: { write(line: string): void } };
  /** A file store made by the caller (a bench comparing stores); by default the one FILES_URL names. */
  files?: FileStore;
}

/** Builds the whole server (API, OpenAPI, client, webhook) without listening: tests inject into it. */
export async function buildApp({
  config,
  db,
  ownsDb = false,
  logger,
  files: given,
}: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(config, logger);
  app.decorate('config', config);
  // Uploaded files (images, receipts, exchange photos): the store FILES_URL names, the database by default
  // (files/create-store.ts, docs/decisions/023).
  const files = given ?? (await createFileStore(config, db, app.log));
  app.decorate('files', files);
  app.addHook('onClose', async () => {
    await files.close();
  });
  // What the services work with, passed to them explicitly (shop.ts, docs/decisions/037). The process's own metrics
  // (memory, event-loop lag…) only where someone can read them (docs/decisions/044).
  const processMetrics = Boolean(config.METRICS_TOKEN) || config.METRICS_PORT !== undefined;
  const metrics = createShopMetrics({ processMetrics });
  const shop = await createShop({ db, config, log: app.log, files, metrics });
  app.decorate('shop', shop);
  // This instance for the System page, and its heartbeat on PostgreSQL (system/heartbeat.ts): from ready until it
  // drains or closes.
  const instance = createInstance(shop);
  app.decorate('instance', instance);
  app.addHook('onReady', () => instance.start());
  app.addHook('preClose', () => instance.stop());

  // One log line per answered request (plugins/request-log.ts); before auth, which names the account in it.
  await app.register(requestLog);
  await app.register(errorsPlugin);
  await app.register(securityHeaders);
  await app.register(dbPlugin, { db, ownsDb });
  // /livez, /readyz, /health and the drain state (SIGTERM: main.ts): before the routes, so each answer gets its hook.
  await app.register(healthPlugin, { db });
  // Every answer timed by route and status; GET /metrics and the METRICS_PORT listener (metrics/plugin.ts).
  await app.register(metricsPlugin);
  logMailSetting(app, config);
  await app.register(authPlugin);
  await registerBodyParsers(app, config);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await registerOpenApi(app);

  // req.telegramUser(); with BOT_TOKEN: the bot's webhook and the order-news sender.
  await app.register(telegramPlugin);
  for (const routes of domainRoutes) await app.register(routes);
  await app.register(clientPlugin, {
    dist: config.CLIENT_DIST,
    render: config.SERVER_RENDER === 'on',
    cacheMs: config.CATALOG_CACHE_MS,
    freshness: () => {
      const list = shop.catalog.list;
      return list ? { generation: list.generation, bypassed: list.bypassed } : null;
    },
    referralCodeKnown: (code) => isKnownCode(app.db, code),
  });

  followCatalogueChanges(app, shop);
  runBackgroundJobs(app, shop);
  app.lifecycle.onDrain(() => instance.stop());
  return app;
}

/** The Fastify instance with the server's options and the contract's zod schemas (no plugin yet). */
function createFastify(config: Config, logger: AppOptions['logger']): FastifyInstance {
  const app = Fastify({
    // Request lines never carry a signed receipt link's signature; account data and secrets are redacted wherever a
    // caller puts them, and e-mail addresses in free text scrubbed (lib/log.ts, docs/decisions/044).
    logger: {
      level: config.LOG_LEVEL,
      ...logger,
      serializers: { req: requestLogFields },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      hooks: { streamWrite: scrubLine },
      ...traceIdInLogs(),
    },
    // Our own line per request instead of Fastify's two (plugins/request-log.ts).
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    // Whom to believe about the client's address (TRUST_PROXY, lib/client-address.ts).
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // The header Fastify takes a request's id from when the request brings one (a proxy's X-Request-Id, e.g.
    // nginx's $request_id), so the proxy's log line and ours share an id; without it Fastify makes one up.
    // Either way the id is only logged (reqId), not sent back.
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/**
 * With tracing on, every log line written while a span is active (a request's, a job round's) carries its `trace_id`
 * (docs/decisions/046); off, the logger is left as it was.
 */
function traceIdInLogs(): { mixin?: () => { trace_id?: string } } {
  const traced = tracing();
  if (!traced) return {};
  return {
    mixin: () => {
      const traceId = traced.traceId();
      return traceId ? { trace_id: traceId } : {};
    },
  };
}

/** E-mail (docs/decisions/016): on with SMTP_URL; messages are queued only then (mail/outbox.ts, shop.mailOn). */
function logMailSetting(app: FastifyInstance, config: Config): void {
  if (!config.SMTP_URL) {
    app.log.info('e-mail is off (SMTP_URL is not set): no e-mail is sent and password reset by e-mail is not offered');
  } else if (!config.PUBLIC_URL) {
    app.log.warn(`PUBLIC_URL is not set: links in e-mails point at http://localhost:${config.PORT}`);
  }
}

/** The bodies the API takes: form-encoded (nested like the client's qs) and multipart where a path takes uploads. */
async function registerBodyParsers(app: FastifyInstance, config: Config): Promise<void> {
  // Multipart bodies are refused, unread, on every path that takes no upload.
  await app.register(multipartPaths);
  // Form bodies with nested fields (items[0][product_id]=…) parse like the client's qs.stringify.
  await app.register(formbody, {
    parser: (body) => qs.parse(body, { depth: 5, arrayLimit: 200, parameterLimit: 2000 }),
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.MAX_UPLOAD_BYTES, files: 1, fields: 100 },
  });
}

/** The API's OpenAPI description, served at /openapi.json. */
async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leaf & Cup shop API',
        version: '1',
        description:
          'Every path is POST with a form-encoded body (multipart for uploads). The common fields lang, token, telegram_user_id, is_frontend and init_data are accepted everywhere. Every answer is { success, code, message, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * The product-list cache is cleared on every instance at once (PostgreSQL LISTEN/NOTIFY, docs/decisions/024; bypassed
 * while the listener is not listening). SQLite serves one instance: its writes clear the local cache only.
 */
function followCatalogueChanges(app: FastifyInstance, shop: Shop): void {
  const databaseUrl = parseDatabaseUrl(shop.config.DATABASE_URL);
  if (isPostgres(shop.db as unknown as Kysely<unknown>) && databaseUrl.kind === 'postgres') {
    let changes: ChangeListener | undefined;
    app.addHook('onReady', async () => {
      changes = shop.catalog.follow(databaseUrl.location, app.log);
      // Ready without it if PostgreSQL does not answer soon: the lists are read fresh until it listens.
      await changes.firstAttempt(5000);
    });
    app.addHook('onClose', async () => changes?.close());
    app.lifecycle.addDetail('changes', () => changes?.state ?? 'connecting');
  } else {
    app.lifecycle.addDetail('changes', () => 'local');
  }
}

/**
 * Background jobs, every minute from start until close (not under NODE_ENV=test, where tests run them by hand):
 * Subscribe & save renewals, cancelling orders left unpaid, and deleting the receipts of orders cancelled long ago
 * (hourly); with a card provider, asking it about payments and refunds whose notice may be lost (every 2 minutes,
 * payments/reconcile.ts). Stopped before the database closes.
 */
function runBackgroundJobs(app: FastifyInstance, shop: Shop): void {
  const { db, config } = shop;
  const jobs = [
    createRenewalScheduler(shop),
    createExpiryScheduler(shop),
    ...(shop.payments ? [createReconcileJob(shop)] : []),
    createReceiptRetentionJob(shop),
    // Hourly: old orders' delivery details and old referral visitors' keys (docs/decisions/050).
    createRetentionJob(shop),
    // Hourly: expired or long-revoked sessions and passed rate-limit windows (accounts/cleanup.ts).
    createAccountCleanupJob({ db, log: app.log, metrics: shop.metrics }),
    // Every 5 seconds with SMTP_URL: the e-mail outbox (mail/sender.ts).
    ...(config.SMTP_URL ? [createMailSender({ db, config, log: app.log, metrics: shop.metrics })] : []),
    // Every BACKUP_EVERY_HOURS with BACKUP_DIR or BACKUP_URL: a backup, old ones pruned (backups/schedule.ts).
    ...[createBackupJob(shop)].filter((job) => job !== null),
    // Every 15 seconds: copies of customers' data asked for, and the files of expired ones (data-export/job.ts).
    createDataExportJob(shop),
    // Every 10 minutes: the abandoned-cart reminder, when the owner turned it on (docs/decisions/056).
    createCartReminderJob(shop),
    // Every 30 minutes: "Running low?" for products with an interval (docs/decisions/056).
    createReorderReminderJob(shop),
  ];
  if (config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      for (const job of jobs) job.start();
    });
  }
  const stopJobs = async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  };
  // Jobs stop as soon as the instance starts draining (SIGTERM), and again (a no-op then) before the database closes.
  app.lifecycle.onDrain(stopJobs);
  app.addHook('preClose', stopJobs);
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    files: FileStore;
    /** The shop the services are given (shop.ts). */
    shop: Shop;
    /** This running instance (system/heartbeat.ts). */
    instance: Instance;
  }
  interface FastifyContextConfig {
    access?: import('../common/contract/endpoint').Access;
  }
}
