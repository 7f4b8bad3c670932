import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script without types
import { ensureClientBuild } from '../../../scripts/ensure-build.mjs';
import { createUser } from '../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../helper';

/**
 * `/{referral_code}` (docs/decisions/055): a code no one has answers 404 with the shop's page and records nothing; a
 * code someone has answers the shop's page with 200, and the visit its client then records is recorded as before.
 */
const dist = join(fileURLToPath(new URL('../../..', import.meta.url)), 'dist/client');

describe.each(dialects)('the referral page of a code on %s', (dialect) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const visits = () =>
    t.db
      .selectFrom('referral_visits')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ensureClientBuild({ quiet: true });
    t = await buildTestApp(dialect, { clientDist: dist });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 404 with the shop’s page for a code no one has, and records no visit', async () => {
    const before = Number((await visits()).n);
    for (const url of ['/NOSUCHCODE', '/nosuchcode', '/zz_Unknown-42?utm_source=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      // What the page's client then asks is refused too: nothing is recorded.
      const code = url.slice(1).split('?')[0] ?? '';
      expect((await post(t.app, '/v2/record-visit', { code, visitor_key: 'visitor-unknown-1' })).status).toBe(404);
    }
    expect(Number((await visits()).n)).toBe(before);
  });

  it('answers 200 for a code someone has (in any case), and its visit is recorded as before', async () => {
    const owner = await createUser(t.db);
    const code = owner.user.referral_code;
    for (const url of [`/${code}`, `/${code.toLowerCase()}`, `/${code}?utm_source=chat`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).not.toContain('<title>Page not found');
    }
    const res = await post(t.app, '/v2/record-visit', { code, link: `/${code}`, visitor_key: 'visitor-known-1' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual({ recorded: true, code });
    const rows = await t.db
      .selectFrom('referral_visits')
      .select('link')
      .where('referrer_id', '=', owner.user.id)
      .execute();
    expect(rows).toEqual([{ link: `/${code}` }]);
  });

  it('still answers the shop’s other one-segment pages', async () => {
    for (const url of ['/products', '/cart', '/about']) expect((await get(url)).statusCode, url).toBe(200);
  });
});
