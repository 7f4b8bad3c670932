import { Agent, get } from 'node:http';
import { type Shop, startShop } from '../../e2e/harness';
import { logLines, rawPost } from '../../support/server-process';
import { dialects, freshDatabase, type TestDatabase } from '../helper';

/** A POST whose headers and first half of the body go out now and the rest on `finish()` (in flight until then). */
const slowPost = (port: number, path: string, body: string, agent: Agent | false = false) =>
  rawPost({ port, path, body, agent, hold: true });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the server has logged `count` incoming requests for `path` (their headers were read), 20 s at most. The
 * "incoming request" line is at debug level (plugins/request-log.ts): the servers here run with LOG_LEVEL=debug.
 */
async function requestsSeen(shop: Shop, path: string, count: number): Promise<void> {
  const seen = () =>
    logLines(shop.output()).filter((l) => l.msg === 'incoming request' && (l.req as { url?: string })?.url === path)
      .length;
  for (let i = 0; i < 400 && seen() < count; i++) await sleep(50);
  expect(seen(), `requests to ${path} the server has read`).toBeGreaterThanOrEqual(count);
}

// Each test starts a server process (several seconds on a busy machine): a minute each.
describe.each(dialects)('graceful shutdown on %s', { timeout: 60_000 }, (dialect) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('SIGTERM lets in-flight requests finish with 200, refuses new ones, and exits 0', async () => {
    const env: Record<string, string> = { LOG_LEVEL: 'debug' };
    if (dialect === 'postgres') {
      database = await freshDatabase('postgres');
      env.DATABASE_URL = database.url;
    }
    const shop = await startShop({ env });
    try {
      const inFlight = Array.from({ length: 25 }, (_, i) =>
        slowPost(shop.port, '/v2/get-category', `lang=${i % 2 ? 'zh' : 'en'}&is_frontend=1&pad=${'x'.repeat(200)}`),
      );
      // Every request's headers have reached the server (it logged each one), however busy the machine is.
      await requestsSeen(shop, '/v2/get-category', inFlight.length);

      shop.process.kill('SIGTERM');
      await sleep(500);
      expect(shop.process.exitCode, 'the server must wait for in-flight requests').toBeNull();
      await expect(fetch(`${shop.url}/health`), 'new connections are refused while draining').rejects.toThrow();

      for (const r of inFlight) r.finish();
      const answers = await Promise.all(inFlight.map((r) => r.response));
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200);
        const body = JSON.parse(answer.body) as { success: boolean; data: { categories: { name: string }[] } };
        expect(body.success).toBe(true);
        expect(body.data.categories).toHaveLength(7);
        expect(body.data.categories[0]?.name).toBe(i % 2 ? '畅销精选' : 'BEST SELLERS');
      });
    } finally {
      const code = await shop.stop();
      expect(code).toBe(0);
    }
    expect(shop.output()).toContain('closing: finishing in-flight requests');
  });

  it('SHUTDOWN_DRAIN_MS: /readyz 503 while still serving; a keep-alive request in flight at close gets 200 with Connection: close, and the exit is 0 at once', async () => {
    const env: Record<string, string> = { SHUTDOWN_DRAIN_MS: '1000', LOG_LEVEL: 'debug' };
    if (dialect === 'postgres') {
      database ??= await freshDatabase('postgres');
      env.DATABASE_URL = database.url;
    }
    const shop = await startShop({ env });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // One keep-alive socket: a first answer keeps it open, then a request on it stays in flight (half a body).
      const first = await getOn(agent, shop.port, '/readyz');
      expect(first).toMatchObject({ status: 200 });
      expect(first.connection).not.toBe('close');
      const slow = slowPost(shop.port, '/v2/get-category', `lang=en&is_frontend=1&pad=${'x'.repeat(200)}`, agent);
      await requestsSeen(shop, '/v2/get-category', 1);

      const signalled = Date.now();
      shop.process.kill('SIGTERM');
      await sleep(300);
      // Draining: not ready, yet serving new connections (the balancer has not noticed yet).
      const ready = await fetch(`${shop.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'shutting down', shutting_down: true });
      const served = await fetch(`${shop.url}/v2/get-category`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'lang=en&is_frontend=1',
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('connection')).toBe('close');

      // Past the drain the server has stopped listening; the request still in flight is answered, and its
      // keep-alive socket is closed by the answer's Connection: close (without it the process waited for the
      // socket until the 10 s timeout and exited 1).
      await sleep(1500 - (Date.now() - signalled));
      await expect(fetch(`${shop.url}/livez`), 'new connections are refused once closing').rejects.toThrow();
      slow.finish();
      const answer = await slow.response;
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
      expect((JSON.parse(answer.body) as { data: { categories: unknown[] } }).data.categories).toHaveLength(7);

      const code = await shop.stop();
      expect(code).toBe(0);
      expect(Date.now() - signalled, 'exits right after the last answer').toBeLessThan(4000);
    } finally {
      agent.destroy();
      await shop.stop();
    }
    expect(shop.output()).toContain('draining: /readyz answers 503, still serving');
  });
});

/** A GET on `agent` (keep-alive): its status and Connection header. */
function getOn(agent: Agent, port: number, path: string): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    }).on('error', reject);
  });
}
