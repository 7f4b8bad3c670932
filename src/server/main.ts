/**
 * The process entry (`npm start`, the Dockerfile, the tests' server processes). With OTEL_EXPORTER_OTLP_ENDPOINT set,
 * tracing starts first (docs/decisions/046): its instrumentations patch http, pg and fastify as they are first
 * imported, so the server's own modules are imported only after it, dynamically. Without it no OpenTelemetry module
 * is loaded at all.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import('./telemetry/start');
await import('./serve');

export {};
