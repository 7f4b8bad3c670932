import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RATE_LIMITS } from '../../../../src/server/client-errors/routes';
import { ShopLinks } from '../../../../src/server/telegram/bot/links';
import { staffAlertMessage } from '../../../../src/server/telegram/bot/staff-alerts';
import { createStaff } from '../../../factories/staff';
import { buildTestApp, dialects, formEncode, post, type TestApp } from '../../helper';
import { buildFixture, type FixtureBuild, THROW_LINE } from './fixture-build';

/**
 * Errors from shoppers' phones (docs/decisions/045): a report with a minified stack from a real build is stored mapped
 * to the source file and line, scrubbed; identical errors are one group counted per day; a new group alerts the owners
 * once, even when two reports of it arrive at once; malformed, huge and flooding reports are refused and change
 * nothing.
 */

let fixture: FixtureBuild;
beforeAll(async () => {
  fixture = await buildFixture();
}, 60_000);
afterAll(() => fixture?.close());

describe.each(dialects)('errors from phones on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createStaff>>;
  let manager: Awaited<ReturnType<typeof createStaff>>;
  let nextAddress = 1;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: false, clientDist: fixture.dist });
    owner = await createStaff(t.db, 'owner', { telegram_user_id: '700000001' });
    manager = await createStaff(t.db, 'manager', { telegram_user_id: '700000002' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Posts a report from `address` (each test its own, so the per-address limit is its own). */
  const report = (fields: Record<string, unknown>, address: string, payload?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v2/client-error',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: payload ?? formEncode(fields),
    });
  const newAddress = () => `198.51.100.${nextAddress++}`;
  const groups = () => t.db.selectFrom('client_error_groups').selectAll().orderBy('id').execute();
  const days = (groupId: number) =>
    t.db
      .selectFrom('client_error_days')
      .select(['day', 'count'])
      .where('group_id', '=', groupId)
      .orderBy('day')
      .execute();
  const alerts = (groupId: number) =>
    t.db
      .selectFrom('notifications')
      .select(['user_id', 'params'])
      .where('kind', '=', 'staff_client_error')
      .where('params', '=', JSON.stringify({ groupId }))
      .execute();
  const checkout = (message = 'The cart of ana.reyes@example.com is empty') => ({
    kind: 'error',
    message,
    stack: fixture.stack('https://shop.test', '?v=1'),
    route: '/details/42?coupon=SECRET',
    build: fixture.buildId,
    platform: 'android',
    tg_version: '8.0',
  });

  it('stores a minified stack mapped to the source file and line, scrubbed', async () => {
    expect(fixture.stack('https://shop.test')).toMatch(/\/assets\/index-[\w-]+\.js:1:\d+/);
    const res = await report(checkout(), newAddress());
    expect(res.statusCode).toBe(200);
    const [group] = await groups();
    expect(group).toMatchObject({
      kind: 'error',
      message: 'The cart of <email> is empty',
      top_frame: `src/checkout.ts:${THROW_LINE}`,
      stack_state: 'mapped',
      build_id: fixture.buildId,
      route: '/details/:id',
      platform: 'android',
      platform_version: '8.0',
      total: 1,
    });
    // The function's source name, from its caller's frame (the map names what is called there).
    expect(group!.stack!.split('\n')[0]).toMatch(
      new RegExp(`^ {4}at placeOrder \\(src/checkout\\.ts:${THROW_LINE}:\\d+\\)$`),
    );
    // Nothing of the shopper, no query string.
    expect(JSON.stringify(group)).not.toMatch(/ana\.reyes|example\.com|SECRET|\?v=1/);

    const listed = await post(t.app, '/admin/client-errors', { days: 7 }, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.groups).toEqual([
      expect.objectContaining({
        id: group!.id,
        top_frame: `src/checkout.ts:${THROW_LINE}`,
        total: 1,
        recent: 1,
        days: [{ day: group!.first_seen.slice(0, 10), count: 1 }],
      }),
    ]);
    // Owners only.
    expect((await post(t.app, '/admin/client-errors', {}, { token: manager.token })).status).toBe(403);

    // The owner's alert, as the bot's sender writes it.
    const [alert] = await alerts(group!.id);
    const message = await staffAlertMessage(
      t.db,
      undefined,
      'en',
      { kind: 'staff_client_error', order_id: null, params: alert!.params, staff_role: 'owner', staff_notify: 1 },
      new ShopLinks('https://shop.test'),
    );
    expect('text' in message && message.text).toBe(
      `New error on shoppers’ phones (error): The cart of <email> is empty\nWhere: src/checkout.ts:${THROW_LINE}\n` +
        'Page: /details/:id\nDevice: android 8.0',
    );
  });

  it('keeps a report from another build unmapped and says so', async () => {
    const res = await report({ ...checkout('Old build broke'), build: 'index-0ld8uild' }, newAddress());
    expect(res.statusCode).toBe(200);
    const group = (await groups()).find((g) => g.message === 'Old build broke');
    expect(group?.stack_state).toBe('other_build');
    expect(group?.top_frame).toMatch(/^\/assets\/index-[\w-]+\.js:1$/);
    expect(group?.stack).not.toContain('src/checkout.ts');
  });

  it('stores a script that failed to load as a failed load, however it was reported', async () => {
    const failed = {
      kind: 'rejection',
      message: 'Failed to fetch dynamically imported module: https://shop.test/assets/CartPage-Ab12Cd34.js?v=3',
      route: '/cart',
      build: fixture.buildId,
    };
    expect((await report(failed, newAddress())).statusCode).toBe(200);
    const group = (await groups()).find((g) => g.route === '/cart');
    expect(group).toMatchObject({
      kind: 'chunk',
      message: 'Failed to fetch dynamically imported module: https://shop.test/assets/CartPage-Ab12Cd34.js',
      stack: null,
      top_frame: null,
    });
  });

  it('scrubs every free-text field, not only the message', async () => {
    const nosy = {
      kind: 'error',
      message: 'Nosy fields',
      stack: 'Error: x\n    at ana.reyes@example.com (https://shop.test/assets/none.js?token=abc:1:1)',
      route: '/orders/LC2026120700042',
      build: 'ana@example.com',
      platform: 'ana@example.com',
      tg_version: '+639175550123',
    };
    expect((await report(nosy, newAddress())).statusCode).toBe(200);
    const group = (await groups()).find((g) => g.message === 'Nosy fields');
    expect(group).toMatchObject({
      stack: '    at <email> (/assets/none.js:1:1)',
      route: '/orders/:id',
      build_id: '<email>',
      platform: '<email>',
      platform_version: '<phone>',
    });
  });

  it('counts identical errors in one group, per day', async () => {
    const address = newAddress();
    const same = checkout('Counted per day');
    const clock = t.shop.clock;
    try {
      t.shop.clock = () => new Date('2026-12-07T10:00:00.000Z');
      expect((await report(same, address)).statusCode).toBe(200);
      expect((await report({ ...same, route: '/products', platform: 'ios' }, address)).statusCode).toBe(200);
      t.shop.clock = () => new Date('2026-12-08T09:00:00.000Z');
      expect((await report(same, address)).statusCode).toBe(200);
    } finally {
      t.shop.clock = clock;
    }
    const matching = (await groups()).filter((g) => g.message === 'Counted per day');
    expect(matching).toHaveLength(1);
    expect(matching[0]).toMatchObject({
      total: 3,
      first_seen: '2026-12-07T10:00:00.000Z',
      last_seen: '2026-12-08T09:00:00.000Z',
    });
    expect(await days(matching[0]!.id)).toEqual([
      { day: '2026-12-07', count: 2 },
      { day: '2026-12-08', count: 1 },
    ]);
    expect(await alerts(matching[0]!.id)).toHaveLength(1);
  });

  it('alerts the owners once for a new group, even for two reports at once', async () => {
    const twice = checkout('Two phones at once');
    const answers = await Promise.all([report(twice, newAddress()), report(twice, newAddress())]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const group = (await groups()).find((g) => g.message === 'Two phones at once');
    expect(group?.total).toBe(2);
    // The owner only: a manager's role does not cover it.
    expect(await alerts(group!.id)).toEqual([
      { user_id: owner.user.id, params: JSON.stringify({ groupId: group!.id }) },
    ]);
    expect((await report(twice, newAddress())).statusCode).toBe(200);
    expect(await alerts(group!.id)).toHaveLength(1);
  });

  it('refuses malformed and huge reports and stores nothing', async () => {
    const before = await groups();
    const address = newAddress();
    const missing = await report({ kind: 'error', stack: 'x' }, address);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/message/);
    expect((await report({ ...checkout('Unknown kind'), kind: 'panic' }, address)).statusCode).toBe(422);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v2/client-error',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": "error", "message": ',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await report({}, address, formEncode({ ...checkout('Huge'), stack: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    expect(await groups()).toEqual(before);
    // None of them counted against the address: a real report still goes through.
    expect((await report(checkout('After the refusals'), address)).statusCode).toBe(200);
  });

  it('answers a flood from one address with 429 and stores nothing more', async () => {
    const address = newAddress();
    const flood = checkout('Flooding');
    for (let i = 0; i < REPORT_RATE_LIMITS.perAddress.max; i++) {
      expect((await report(flood, address)).statusCode).toBe(200);
    }
    const before = await groups();
    const refused = await report(checkout('One too many'), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/try again in \d+ minute/i);
    expect(await groups()).toEqual(before);
    // Another address is not held up by it.
    expect((await report(checkout('From elsewhere'), newAddress())).statusCode).toBe(200);
  });
});
