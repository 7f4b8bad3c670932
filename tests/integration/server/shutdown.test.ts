import { request } from 'node:http';
import { startShop } from '../../e2e/harness';
import { dialects, freshDatabase, type TestDatabase } from '../helper';

interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  response: Promise<{ status: number; body: string }>;
}

/**
 * A POST whose headers and first half of the body go out now and the rest on `finish()`: the server has
 * started it (it is in flight) but cannot answer until the body is complete.
 */
function slowPost(port: number, path: string, body: string): SlowRequest {
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { finish: () => finish(), response };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects)('graceful shutdown on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('SIGTERM lets in-flight requests finish with 200, refuses new ones, and exits 0', async () => {
    const env: Record<string, string> = {};
    if (dialect === 'postgres') {
      database = await freshDatabase('postgres');
      env.DATABASE_URL = database.url;
    }
    const shop = await startShop({ env });
    try {
      const inFlight = Array.from({ length: 25 }, (_, i) =>
        slowPost(shop.port, '/v2/get-category', `lang=${i % 2 ? 'zh' : 'en'}&is_frontend=1&pad=${'x'.repeat(200)}`),
      );
      await sleep(500); // every request's headers have reached the server

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
});
