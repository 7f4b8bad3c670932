import { createUser } from '../../factories/users';
import { buildTestApp, dialects, formEncode, type TestApp } from '../helper';

/**
 * "No request makes the server answer 500": every path of the contract (read from /openapi.json, so a
 * new path is covered the day it is added) gets hostile bodies — empty, blank, huge, negative,
 * fractional, out-of-range (the int4 columns' limits included), JSON where text is expected and the reverse —
 * as a guest, as a customer and as an agent, on SQLite and on PostgreSQL (which refuses numbers its columns cannot
 * hold). Each must be answered with the envelope and a status below 500.
 */
const hostile: Array<(field: string) => unknown> = [
  () => '',
  () => ' ',
  () => 'x'.repeat(20_000),
  () => '-1',
  () => '1.5',
  () => '0',
  () => '99999999999999999999999',
  // The int4 columns' limits: the largest id they hold, one past it, far past it (PostgreSQL fails the query).
  () => '2147483647',
  () => '2147483648',
  () => '99999999999',
  // A well-formed cursor whose decoded id no column can hold (cursors are decoded on the server).
  (field) =>
    field === 'cursor'
      ? Buffer.from(JSON.stringify({ t: '2026-01-01T00:00:00.000Z', i: 99_999_999_999, o: 'n' })).toString('base64url')
      : '-2147483649',
  () => 'NaN',
  () => 'null',
  () => '[]',
  () => '{"a":1}',
  () => '[{"product_id":"x","variant_id":-1,"quantity":1e309}]',
  () => "'; drop table users; --",
  () => '<script>alert(1)</script>',
  () => '\u0000\uffff',
];

describe.each(dialects)('no 500 from any path on %s', (dialect) => {
  let t: TestApp;
  let paths: Array<{ path: string; fields: string[] }>;
  let customer: string;
  let agent: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    customer = (await createUser(t.db)).token;
    agent = (await createUser(t.db, { is_agent: 1 })).token;
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<
        string,
        { post?: { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } } }
      >;
    };
    paths = Object.entries(doc.paths)
      .filter(([path, item]) => /^\/v[12]\//.test(path) && item.post)
      .map(([path, item]) => {
        const content = Object.values(item.post?.requestBody?.content ?? {})[0];
        return { path, fields: Object.keys(content?.schema?.properties ?? {}) };
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covers the contract, fields included', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.find((p) => p.path === '/v1/order')?.fields).toEqual(
      expect.arrayContaining(['items', 'address_id', 'idempotency_key']),
    );
    expect(paths.reduce((n, p) => n + p.fields.length, 0)).toBeGreaterThan(150);
  });

  it('answers every hostile body with a 4xx or 2xx envelope, never a 5xx', async () => {
    const failures: string[] = [];
    for (const { path, fields } of paths) {
      for (const token of [undefined, customer, agent]) {
        const bodies: Array<Record<string, unknown>> = [{}];
        for (const make of hostile) bodies.push(Object.fromEntries(fields.map((f) => [f, make(f)])));
        for (const body of bodies) {
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: formEncode({ ...body, lang: 'en' }),
          });
          if (res.statusCode >= 500) failures.push(`${path} ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
          else expect(res.json()).toHaveProperty('success');
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('refuses malformed bodies and content types cleanly', async () => {
    for (const [type, payload] of [
      ['application/json', '{"lang": '],
      ['application/json', '[1,2,3]'],
      ['text/plain', 'hello'],
      ['multipart/form-data; boundary=nope', '--nope\r\nbroken'],
      ['multipart/form-data', '--x\r\nno boundary given'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/get-product-list',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${payload}`).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});
