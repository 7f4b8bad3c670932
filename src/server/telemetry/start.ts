import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, isSpanContextValid, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, resources, tracing as sdkTracing } from '@opentelemetry/sdk-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { type QueryEvent, setTracing, type Tracing } from './hooks';
import { RedactingSpanProcessor } from './redact';

/**
 * Traces over OTLP/HTTP (docs/decisions/046), started by main.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set and
 * before any module of the server is imported: the instrumentations patch http, pg and fastify as they load. The
 * server's modules are ES modules, so the import hook (import-in-the-middle) is registered too; it intercepts only
 * the modules an instrumentation asked for. The standard OTEL_* variables apply (service name, sampler, batch delay,
 * headers); the exporter speaks OTLP/HTTP with JSON bodies.
 */

/** Paths a balancer or scraper asks every few seconds: a span each would bury the shop's own traffic. */
const UNTRACED_PATHS = new Set(['/livez', '/readyz', '/health', '/metrics']);
const untraced = (url: string | undefined) => UNTRACED_PATHS.has((url ?? '').split('?')[0] ?? '');

const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

const sdk = new NodeSDK({
  // OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) overrides this default: detected attributes merge over it.
  resource: resources.resourceFromAttributes({ 'service.name': 'leaf-and-cup' }),
  spanProcessors: [new RedactingSpanProcessor(), new sdkTracing.BatchSpanProcessor(new OTLPTraceExporter())],
  // Traces only: metrics and logs have their own ways out (pino lines on stdout).
  metricReaders: [],
  logRecordProcessors: [],
  instrumentations: [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (req) => untraced(req.url),
      // Outgoing calls (Stripe, the Bot API) only as part of a traced request, job or update.
      requireParentforOutgoingSpans: true,
    }),
    // Statement text with its $1 placeholders only, never the values (enhancedDatabaseReporting off); no
    // parentless spans from the catalogue listener or the start-up migrations.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    // Fastify's own instrumentation, added to each instance through its diagnostics channel. One span for the
    // request and one for the handler; one per lifecycle hook would double the spans and tell little.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      instrumentHooks: false,
      recordExceptions: false,
      ignorePaths: (route) => untraced(route.url),
    }),
  ],
});
sdk.start();
await waitForAllMessagesAcknowledged();

const tracer = trace.getTracer('leaf-and-cup');

/** Kysely reports a query once it has run: its span is drawn back from now by the query's duration. */
function sqliteQuery(event: QueryEvent): void {
  const parent = trace.getSpan(context.active());
  if (!parent) return;
  const end = performance.timeOrigin + performance.now();
  const span = tracer.startSpan('sqlite query', {
    kind: SpanKind.CLIENT,
    startTime: end - event.queryDurationMillis,
    attributes: { 'db.system': 'sqlite', 'db.statement': event.query.sql },
  });
  if (event.level === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(end);
}

const active: Tracing = {
  inSpan: (name, attributes, fn) =>
    tracer.startActiveSpan(name, { attributes }, async (span) => {
      try {
        return await fn();
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
        throw err;
      } finally {
        span.end();
      }
    }),
  sqliteQuery,
  // None outside a span, nor under OTEL_SDK_DISABLED (the API's spans then carry an all-zero id).
  traceId: () => {
    const spanContext = trace.getSpan(context.active())?.spanContext();
    return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
  },
  shutdown: () => sdk.shutdown(),
};
setTracing(active);
