import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFailed } from 'vitest';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { seedDemo } from '../../../../src/server/seed/index';
import { webhookSecret } from '../../../../src/server/telegram/bot/webhook-secret';
import { createProduct } from '../../../factories/products';
import { type FakeOtlp, type ReceivedSpan, startFakeOtlp } from '../../../support/fake-otlp';
import { logLines, type ServerProcess, startServerProcess, tail } from '../../../support/server-process';
import { type FakeBotApi, startFakeBotApi } from '../../../support/telegram/fake-bot-api-server';
import { dialects, formEncode, freshDatabase, type TestDatabase } from '../../helper';
import { PROVIDER_ENV } from '../orders/support';

/**
 * Traces (docs/decisions/046): the real server in its own process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a
 * small OTLP receiver started here. A customer registers, logs in, saves an address and places an order through
 * HTTP; the order's trace reaches the receiver with its HTTP span, the database spans beneath it (pg's
 * instrumentation on PostgreSQL, our Kysely hook on SQLite) and the request's log line carries its trace id; a job
 * round and a bot update are traced too; an error answer names its trace. Last, the server stops (flushing its
 * spans) and every byte it exported is searched for the customer's e-mail, phone, password, token and address.
 */
describe.each(dialects)('traces on %s', { timeout: 90_000 }, (dialect) => {
  let database: TestDatabase;
  let dir: string;
  let otlp: FakeOtlp;
  let bot: FakeBotApi;
  let server: ServerProcess;
  const n = randomInt(1_000_000, 9_999_999);
  const secrets = {
    email: `trace.${n}@example.com`,
    phone: `+63917${n}`,
    password: `Tr4ce-pass-${n}`,
    token: '',
    address: `${n} Lantern Street`,
    botToken: PROVIDER_ENV.BOT_TOKEN,
  };
  let variant: { product_id: number; variant_id: number };
  let addressId = 0;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
    await seedDemo(database.db);
    const state = await database.db.selectFrom('states').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
    const { product, variants } = await createProduct(database.db, { stock: 10 });
    variant = { product_id: product.id, variant_id: variants[0]!.id };
    dir = mkdtempSync(join(tmpdir(), 'leafcup-traces-'));
    [otlp, bot] = await Promise.all([startFakeOtlp(), startFakeBotApi()]);
    server = await startServerProcess({
      env: {
        DATABASE_URL: database.url,
        UPLOAD_DIR: join(dir, 'uploads'),
        CLIENT_DIST: join(dir, 'no-client'),
        SEED: 'off',
        ...PROVIDER_ENV,
        TELEGRAM_API_ROOT: bot.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        OTEL_SERVICE_NAME: 'leafcup-test',
        // Spans leave within 100 ms of ending instead of 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      timeoutMs: 90_000,
    });
    const register = await call('/v1/user-register', {
      nickname: `Trace ${n}`,
      email: secrets.email,
      phone: secrets.phone,
      password: secrets.password,
      confirm_password: secrets.password,
    });
    expect(register.status).toBe(200);
    const login = await call('/v1/user-login', { login: secrets.email, password: secrets.password });
    expect(login.status).toBe(200);
    secrets.token = (login.body.data as { token: string }).token;
    const saved = await call(
      '/v2/save-address',
      {
        receiver_name: `Trace ${n}`,
        phone: secrets.phone,
        address: secrets.address,
        city: 'Makati',
        state_id: state.id,
        zip: '1209',
      },
      { token: secrets.token },
    );
    expect(saved.status).toBe(200);
    addressId = (saved.body.data as { address: { id: number } }).address.id;
  });

  afterAll(async () => {
    await server?.kill();
    await Promise.all([otlp?.close(), bot?.close()]);
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    onTestFailed(() => console.error(`server output:\n${tail(server.output())}`));
  });

  /** A form POST to the server; `requestId` becomes the request's id in its log lines (X-Request-Id). */
  async function call(
    path: string,
    fields: Record<string, unknown>,
    opts: { token?: string; requestId?: string; query?: string } = {},
  ) {
    const res = await fetch(`${server.url}${path}${opts.query ?? ''}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.requestId ? { 'x-request-id': opts.requestId } : {}),
      },
      body: formEncode({ lang: 'en', is_frontend: 1, ...fields }),
    });
    return { status: res.status, body: (await res.json()) as { data: unknown; trace_id?: string } };
  }

  const ofTrace = (spans: ReceivedSpan[], traceId: string) => spans.filter((s) => s.traceId === traceId);
  const isHttpServer = (s: ReceivedSpan) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2;
  const isDb = (s: ReceivedSpan) =>
    dialect === 'sqlite'
      ? s.attributes['db.system'] === 'sqlite'
      : s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query');
  const statementOf = (s: ReceivedSpan) => String(s.attributes['db.statement'] ?? s.attributes['db.query.text']);

  /** Polls `find` until it finds something (a log line the pipe has not delivered yet). */
  async function until<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (let found = find(); ; found = find()) {
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error('not found in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Whether `span` lies beneath `ancestor` in its trace. */
  function beneath(spans: ReceivedSpan[], span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    for (let at = byId.get(span.parentSpanId); at; at = byId.get(at.parentSpanId)) {
      if (at.spanId === ancestor.spanId) return true;
    }
    return false;
  }

  it("a placed order's trace: the HTTP span, its database spans, and the log line's trace id", async () => {
    const requestId = `trace-order-${n}`;
    const placed = await call(
      '/v1/order',
      {
        idempotency_key: randomUUID(),
        items: [{ ...variant, quantity: 1 }],
        address_id: addressId,
        payment_method: 'payment_link',
      },
      { token: secrets.token, requestId },
    );
    expect(placed.status).toBe(200);

    const line = await until(() =>
      logLines(server.output()).find((l) => l.reqId === requestId && l.msg === 'request completed'),
    );
    const traceId = line.trace_id;
    expect(traceId).toMatch(/^[\da-f]{32}$/);
    const http = await otlp.waitFor((spans) => ofTrace(spans, String(traceId)).find(isHttpServer));
    expect(http.name).toBe('POST /v1/order');
    expect(http.parentSpanId).toBe('');
    // The order's insert arrives with the rest of the request's queries, all beneath its HTTP span.
    const inserts = await otlp.waitFor((spans) => {
      const found = ofTrace(spans, http.traceId).filter((s) => isDb(s) && /insert into "orders"/i.test(statementOf(s)));
      return found.length ? found : undefined;
    });
    const trace = ofTrace(otlp.spans, http.traceId);
    for (const insert of inserts) expect(beneath(trace, insert, http)).toBe(true);
    expect(trace.filter(isDb).length).toBeGreaterThan(3);
    // Fastify's own spans (@fastify/otel) sit between, named by route.
    expect(trace.some((s) => s.scope === '@fastify/otel' && s.attributes['http.route'] === '/v1/order')).toBe(true);
  });

  it('a background job round is a span of its own, its queries beneath it', async () => {
    // The jobs' first round runs as the server becomes ready (NODE_ENV=production).
    const [job, query] = await otlp.waitFor((spans) => {
      for (const s of spans.filter((x) => x.name.startsWith('job ') && x.parentSpanId === '')) {
        const child = ofTrace(spans, s.traceId).find((c) => isDb(c) && c.parentSpanId === s.spanId);
        if (child) return [s, child] as const;
      }
      return undefined;
    });
    expect(job.attributes['job.name']).toBe(job.name.slice('job '.length));
    expect(statementOf(query)).not.toBe('undefined');
  });

  it('a bot update is a span naming its kind only; the Bot API call beneath it hides the bot token', async () => {
    const res = await fetch(`${server.url}/telegram/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': webhookSecret({ BOT_TOKEN: PROVIDER_ENV.BOT_TOKEN }) ?? '',
      },
      body: JSON.stringify({
        update_id: n,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: n, type: 'private' },
          from: { id: n, is_bot: false, first_name: 'Trace' },
          text: '/start',
        },
      }),
    });
    expect(res.status).toBe(200);
    const update = await otlp.waitFor((spans) => spans.find((s) => s.name === 'bot update'));
    expect(update.attributes).toEqual({ 'telegram.update_type': 'message' });
    const trace = ofTrace(otlp.spans, update.traceId);
    expect(beneath(trace, update, trace.find(isHttpServer)!)).toBe(true);
    // The bot's calls (getMe, then its answer) are client spans beneath the update.
    const isBotCall = (s: ReceivedSpan) => s.kind === 3 && s.scope === '@opentelemetry/instrumentation-http';
    const sent = await otlp.waitFor((spans) =>
      ofTrace(spans, update.traceId).find(
        (s) => isBotCall(s) && String(s.attributes['url.full']).endsWith('/sendMessage'),
      ),
    );
    expect(beneath(ofTrace(otlp.spans, update.traceId), sent, update)).toBe(true);
    for (const call of ofTrace(otlp.spans, update.traceId).filter(isBotCall)) {
      expect(String(call.attributes['url.full'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bot\[redacted\]\/\w+$/);
    }
  });

  it('an error answer names its trace, and the trace has the request', async () => {
    const refused = await call('/v1/order', { items: [{ ...variant, quantity: 1 }] }, { token: secrets.token });
    expect(refused.status).toBe(422);
    expect(refused.body.trace_id).toMatch(/^[\da-f]{32}$/);
    const http = await otlp.waitFor((spans) => ofTrace(spans, String(refused.body.trace_id)).find(isHttpServer));
    expect(http.attributes['http.response.status_code']).toBe(422);
  });

  it('no span holds the e-mail, phone, password, token, address or bot token, even from a URL', async () => {
    // A client that puts the session token in the query string: the span keeps the path only.
    const listed = await call('/v2/get-product-list', {}, { query: `?token=${secrets.token}&email=${secrets.email}` });
    expect(listed.status).toBe(200);
    await otlp.waitFor((spans) =>
      spans.find((s) => s.attributes['url.path'] === '/v2/get-product-list' && isHttpServer(s)),
    );
    // A clean stop sends the spans still waiting (serve.ts, after app.close()).
    expect(await server.stop()).toBe(0);
    const exported = otlp.bodies.join('\n');
    expect(otlp.spans.length).toBeGreaterThan(20);
    for (const [what, value] of Object.entries(secrets)) {
      expect(value, what).not.toBe('');
      for (const form of new Set([value, encodeURIComponent(value), value.replace('+', '')])) {
        expect(exported.includes(form), `${what} (${form}) in an exported span`).toBe(false);
      }
    }
    expect(otlp.bodies.some((b) => b.includes('"leafcup-test"'))).toBe(true);
  });
});
