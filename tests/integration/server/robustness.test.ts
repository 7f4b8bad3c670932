import { staffCrew } from '../../factories/staff';
import { createUser } from '../../factories/users';
import { buildTestApp, dialects, formEncode, type TestApp } from '../helper';

/**
 * "No request makes the server answer 500": every path of the contract (read from /openapi.json, so a
 * new path is covered the day it is added) gets hostile bodies — empty, blank, huge, negative,
 * fractional, out-of-range (the int4 columns' limits included), JSON where text is expected and the reverse —
 * as a guest, as a customer and as an agent, on SQLite and on PostgreSQL (which refuses numbers its columns cannot
 * hold). Each must be answered with the envelope and a status below 500. A second pass (staff paths too) makes one
 * free-text field at a time hostile among valid ones, so that field reaches the rules and the database.
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

/** A field of a path as /openapi.json describes it (what a valid value is made from). */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** Fields every path takes for the session and the language: not the path's own. */
const SESSION_FIELDS = new Set(['lang', 'token', 'telegram_user_id', 'is_frontend', 'init_data']);
/** Fields only the server makes a valid value of (a list's position): left out of the valid body. */
const SERVER_MADE = new Set(['cursor']);

/** Samples for the contract's text patterns (a field with another pattern gets the plain sample, refused or not). */
const PATTERN_SAMPLES = ['US', '12345', 'ab-12', 'abc_12345', '2026-11-24', '555 0100', 'AB 12'];

/** Samples for text fields whose rules are in code, not in the schema (by the field's name). */
const NAMED_SAMPLES: Array<[RegExp, string]> = [
  [/email/, 'tea.lover@example.com'],
  [/password/, 'Green-tea-42!'],
  [/phone/, '+15555550100'],
  [/link|url|image|path/, '/products'],
];

/** A value the contract takes for `field` (as a form sends it), so one other field can be the only bad one. */
function validValue(field: string, schema: FieldSchema): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  const named = schema.type === 'string' && !schema.pattern && NAMED_SAMPLES.find(([name]) => name.test(field));
  if (named) return named[1];
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(1, schema.minimum ?? 1));
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'array') return '[]';
  const sized = (text: string) =>
    text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (!schema.pattern) return sized('Leaf and Cup');
  const pattern = new RegExp(schema.pattern);
  return [...PATTERN_SAMPLES, sized('abcdefgh12')].find((v) => pattern.test(v)) ?? sized('abcdefgh12');
}

/** What one free-text field gets while every other field is valid: each alone must not make a 500. */
const hostileText = [
  '\u0000',
  'tea\u0000cup',
  ' ',
  'x'.repeat(20_000),
  '\uffff\u{1F375}\u202e',
  "'; drop table users; --",
];

describe.each(dialects)('no 500 from any path on %s', (dialect) => {
  let t: TestApp;
  let paths: Array<{ path: string; fields: string[]; schemas: Record<string, FieldSchema> }>;
  let customer: string;
  let agent: string;
  let owner: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    customer = (await createUser(t.db)).token;
    agent = (await createUser(t.db, { is_agent: 1 })).token;
    owner = (await staffCrew(t.db)).owner.token;
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<
        string,
        {
          post?: {
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, FieldSchema> } }> };
          };
        }
      >;
    };
    paths = Object.entries(doc.paths)
      .filter(([, item]) => item.post)
      .map(([path, item]) => {
        const content = Object.values(item.post?.requestBody?.content ?? {})[0];
        const schemas = content?.schema?.properties ?? {};
        return { path, fields: Object.keys(schemas), schemas };
      });
  });
  const shopPaths = () => paths.filter((p) => /^\/v[12]\//.test(p.path));
  afterAll(async () => {
    await t?.close();
  });

  it('covers the contract, fields included', () => {
    expect(shopPaths().length).toBeGreaterThan(40);
    expect(paths.find((p) => p.path === '/v1/order')?.fields).toEqual(
      expect.arrayContaining(['items', 'address_id', 'idempotency_key']),
    );
    expect(shopPaths().reduce((n, p) => n + p.fields.length, 0)).toBeGreaterThan(150);
  });

  it('answers every hostile body with a 4xx or 2xx envelope, never a 5xx', async () => {
    const failures: string[] = [];
    for (const { path, fields } of shopPaths()) {
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

  it('answers one hostile text field among valid ones with a 4xx or 2xx envelope, never a 5xx (staff paths too)', async () => {
    // All fields hostile at once, the first bad one is refused before the others are read: here each free-text field
    // is the only bad one, so it reaches the rules and the database (a NUL in one text once made a 500).
    const failures: string[] = [];
    let sent = 0;
    for (const { path, fields, schemas } of paths) {
      const token = path.startsWith('/admin/') ? owner : customer;
      const valid = Object.fromEntries(
        fields
          .filter((f) => !SESSION_FIELDS.has(f) && !SERVER_MADE.has(f))
          .map((f) => [f, validValue(f, schemas[f] ?? {})]),
      );
      const texts = fields.filter((f) => !SESSION_FIELDS.has(f) && schemas[f]?.type === 'string' && !schemas[f]?.enum);
      for (const field of texts) {
        for (const text of hostileText) {
          sent += 1;
          const res = await t.app.inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
            payload: formEncode({ ...valid, [field]: text, lang: 'en' }),
          });
          if (res.statusCode >= 500) {
            failures.push(
              `${path} ${field}=${JSON.stringify(text.slice(0, 20))} ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          } else if (String(res.headers['content-type']).startsWith('application/json')) {
            // Exports answer a file (CSV) once the input holds; everything else is the envelope.
            expect(res.json()).toHaveProperty('success');
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(600);
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
