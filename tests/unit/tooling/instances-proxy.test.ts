import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningProxy, startProxy } from '../../../scripts/instances/proxy.mjs';
import { freePort } from '../../setup/postgres';

interface Upstream {
  port: number;
  server: Server;
  /** Requests it received: method, path, body, headers. */
  seen: Array<{ method: string; url: string; body: string; headers: IncomingMessage['headers'] }>;
  /** /readyz answers this status, */
  ready: number;
  /** after this many ms (0: at once). */
  readyDelayMs: number;
  close(): Promise<void>;
}

/** A stand-in instance: answers `name:<body>` (or dies on /die), /readyz with `ready`. */
async function upstream(name: string): Promise<Upstream> {
  const seen: Upstream['seen'] = [];
  const self: Partial<Upstream> = { seen, ready: 200, readyDelayMs: 0 };
  const server = createServer((req, res) => {
    if (req.url === '/readyz') {
      setTimeout(() => res.writeHead(self.ready ?? 200, { connection: 'close' }).end(), self.readyDelayMs);
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      if (req.url === '/die') {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'keep-alive' }).end(`${name}:${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(self, {
    port: (server.address() as AddressInfo).port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return self as Upstream;
}

const post = async (proxy: RunningProxy, path: string, body: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${proxy.url}${path}`, { method: 'POST', body, headers });
  return { status: res.status, text: await res.text() };
};

/**
 * The example proxy of `npm run instances` (scripts/instances/proxy.mjs, docs/decisions/025): round-robin over ready
 * instances, the next one only when a connection is refused, never a request sent twice once an instance had it.
 */
describe('the instances example proxy', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()?.();
  });
  const start = async (ups: Array<{ port: number }>, checkMs = 50, checkTimeoutMs?: number) => {
    const proxy = await startProxy({ upstreams: ups.map((u) => ({ port: u.port })), checkMs, checkTimeoutMs });
    closers.push(() => proxy.close());
    return proxy;
  };

  it('takes turns, passes method, path and body, and appends the client to X-Forwarded-For', async () => {
    const [a, b] = await Promise.all([upstream('a'), upstream('b')]);
    closers.push(a.close, b.close);
    const proxy = await start([a, b]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post(proxy, `/v1/x?i=${i}`, `n=${i}`)).text);
    expect(answers).toEqual(['a:n=0', 'b:n=1', 'a:n=2', 'b:n=3']);
    expect(a.seen.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/v1/x?i=0'],
      ['POST', '/v1/x?i=2'],
    ]);
    const forwarded = await post(proxy, '/v1/y', '', { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'r-1' });
    expect(forwarded.status).toBe(200);
    const last = [...a.seen, ...b.seen].find((r) => r.url === '/v1/y');
    expect(last?.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(last?.headers['x-request-id']).toBe('r-1');
    expect(a.seen[0]?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('skips an instance whose /readyz fails; when none passes, it takes turns over them all the same', async () => {
    const [a, b] = await Promise.all([upstream('a'), upstream('b')]);
    closers.push(a.close, b.close);
    a.ready = 503;
    const proxy = await start([a, b]);
    for (let i = 0; i < 3; i++) expect((await post(proxy, '/v1/x', `${i}`)).text).toBe(`b:${i}`);
    expect(a.seen).toHaveLength(0);
    // A database too slow for every instance's /readyz at once: serving slowly beats answering nobody.
    b.ready = 503;
    await new Promise((r) => setTimeout(r, 200));
    expect(proxy.instances.map((i) => i.ready)).toEqual([false, false]);
    expect([(await post(proxy, '/v1/x', 'y')).text, (await post(proxy, '/v1/x', 'z')).text]).toEqual(['a:y', 'b:z']);
  });

  it('keeps a busy instance whose /readyz answers within the check timeout; drops one that answers later', async () => {
    const [a, b] = await Promise.all([upstream('a'), upstream('b')]);
    closers.push(a.close, b.close);
    // Slower than the checks come (every 50 ms): a check still waiting is not stacked with another.
    a.readyDelayMs = 300;
    const patient = await start([a, b], 50, 1000);
    await new Promise((r) => setTimeout(r, 400));
    expect(patient.instances.map((i) => i.ready)).toEqual([true, true]);
    const hasty = await start([a, b], 50, 100);
    expect(hasty.instances.map((i) => i.ready)).toEqual([false, true]);
    for (let i = 0; i < 2; i++) expect((await post(hasty, '/v1/x', `${i}`)).text).toBe(`b:${i}`);
  });

  it('a refused connection goes to the next instance; a request an instance took and died on is 502, not sent again', async () => {
    const [a, b] = await Promise.all([upstream('a'), upstream('b')]);
    closers.push(b.close);
    // Checked once, at start: the proxy learns that A is gone only from the refused connection.
    const proxy = await start([a, b], 600_000);
    // A stops listening between two checks: the proxy still thinks it ready, is refused, and uses B.
    await a.close();
    expect(await post(proxy, '/v1/order', 'key=1')).toEqual({ status: 200, text: 'b:key=1' });

    // B takes the request and dies on it: 502, and nobody gets it a second time.
    expect((await post(proxy, '/die', 'key=2')).status).toBe(502);
    expect(b.seen.filter((r) => r.url === '/die')).toHaveLength(1);
  });

  it('answers 503 when every instance refuses', async () => {
    const proxy = await start([{ port: await freePort() }, { port: await freePort() }]);
    expect((await post(proxy, '/v1/x', '')).status).toBe(503);
  });
});
