import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A small OTLP/HTTP receiver for tests: takes POST /v1/traces with JSON bodies (what the server's exporter sends,
 * docs/decisions/046), on 127.0.0.1, and keeps every span and every raw body. It proves the spans left the process
 * in OTLP form; it does not check them against the protocol's schema the way a real collector would.
 */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** The instrumentation scope that made it (e.g. @opentelemetry/instrumentation-http). */
  scope: string;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
}

export interface FakeOtlp {
  /** `http://127.0.0.1:<port>`: OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Every body received, as text: what a search for leaked data reads. */
  bodies: string[];
  /** Waits until `test` finds what it looks for among the spans received so far (polls; throws after `timeoutMs`). */
  waitFor<T>(test: (spans: ReceivedSpan[]) => T | undefined, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
};

const plainValue = (v: AnyValue): unknown => {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.boolValue !== undefined) return v.boolValue;
  return v.arrayValue?.values?.map(plainValue);
};

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: AnyValue }>;
  status?: { code?: number };
}

interface OtlpBody {
  resourceSpans?: Array<{ scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }> }>;
}

function spansOf(body: OtlpBody): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const resource of body.resourceSpans ?? []) {
    for (const scoped of resource.scopeSpans ?? []) {
      for (const s of scoped.spans ?? []) {
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId ?? '',
          name: s.name,
          kind: s.kind,
          attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, plainValue(a.value)])),
          scope: scoped.scope?.name ?? '',
          status: s.status?.code ?? 0,
        });
      }
    }
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

export async function startFakeOtlp(): Promise<FakeOtlp> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const text = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      if (!req.headers['content-type']?.startsWith('application/json')) {
        res.writeHead(415).end();
        return;
      }
      bodies.push(text);
      spans.push(...spansOf(JSON.parse(text) as OtlpBody));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    async waitFor(test, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const found = test(spans);
        if (found !== undefined) return found;
        if (Date.now() > deadline) {
          const names = [...new Set(spans.map((s) => s.name))].join(', ');
          throw new Error(`the spans looked for did not arrive within ${timeoutMs} ms (received: ${names || 'none'})`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
