import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runExportRound } from '../../../../src/server/data-export/job';
import { createDb, parseDatabaseUrl } from '../../../../src/server/db/connection';
import { staffCrew } from '../../../factories/staff';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, shopOn, storedKeys, type TestApp } from '../../helper';
import { download, fixClock, runExportJob, unzip } from './support';

/**
 * The rules around a copy of a customer's data (docs/decisions/051), on a fixed clock: three requests a day, a link
 * that works 24 hours and is refused when tampered with, the file deleted after, one file however many instances run
 * the job, and the owner's copy (owner only, audited, downloaded with the session, not told to the customer).
 */
describe.each(dialects)('copies of customers’ data: limits, links, instances, owner on %s', (dialect) => {
  let t: TestApp;
  let unfix: (() => void) | undefined;
  const T0 = new Date('2026-12-08T09:00:00.000Z');
  const HOUR = 3_600_000;
  const at = (ms: number) => new Date(T0.getTime() + ms);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    unfix?.();
    unfix = undefined;
  });

  const ask = (token: string) => post(t.app, '/v2/request-data-export', {}, { token });
  const state = (token: string) => post(t.app, '/v2/get-data-export', {}, { token });
  const exportKeys = () => storedKeys(t, 'exports/');

  it('allows three requests in any 24 hours, then says when to try again', async () => {
    const { token } = await createUser(t.db);
    let now = T0;
    unfix = fixClock(t.shop, () => now);
    for (const [i, left] of [2, 1, 0].entries()) {
      now = at(i * HOUR);
      const asked = await ask(token);
      expect(asked.status, asked.body.message).toBe(200);
      expect(asked.body.data.requests_left).toBe(left);
      await runExportJob(t.shop, now);
    }
    now = at(3 * HOUR);
    const refused = await ask(token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You can ask for a copy of your data 3 times a day; please try again in 21 h');
    expect((await state(token)).body.data.requests_left).toBe(0);
    // The first request's place frees 24 hours after it.
    now = at(24 * HOUR + 60_000);
    expect((await ask(token)).status).toBe(200);
  });

  it('serves the link for 24 hours, refuses a tampered one, then answers 410 and the job deletes the file', async () => {
    const { user, token } = await createUser(t.db);
    let now = T0;
    unfix = fixClock(t.shop, () => now);
    await ask(token);
    await runExportJob(t.shop, now);
    const ready = (await state(token)).body.data.export!;
    expect(ready.expires_at).toBe(at(24 * HOUR).toISOString());
    const link = ready.download_url!;
    const rowOf = () =>
      t.db.selectFrom('data_exports').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const key = (await rowOf()).file_key!;
    expect(key).toMatch(/^exports\/[0-9a-f]{32}\.zip$/);
    expect(await t.app.files.has(key)).toBe(true);

    now = at(24 * HOUR - 60_000);
    expect((await download(t, link)).status).toBe(200);

    // Tampered: another signature, another expiry, another copy, no signature.
    const [path, query] = link.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const sig = params.get('sig')!;
    const exp = Number(params.get('exp'));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const id = Number(path.split('/').pop());
    for (const bad of [
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path}?exp=${exp + 3600}&sig=${sig}`,
      `/v1/data-export/${id + 1000}?exp=${exp}&sig=${sig}`,
      `${path}?exp=${exp}`,
      '/v1/data-export/abc?exp=1&sig=x',
    ]) {
      const got = await download(t, bad);
      expect(got.status, bad).toBe(404);
      expect(got.json?.message).toBe(
        'This download link is not valid. Open the latest link we sent you, or ask for a new copy on your profile page.',
      );
    }
    const zh = await download(t, `${path}?exp=${exp}&sig=${flipped}&lang=zh`);
    expect(zh.json?.message).toBe('此下载链接无效。请打开我们发送给您的最新链接，或在个人资料页面重新申请副本。');

    // 24 hours on: 410 with why, shown expired, then the job deletes the file.
    now = at(24 * HOUR);
    const late = await download(t, link);
    expect(late.status).toBe(410);
    expect(late.json?.message).toBe(
      'This download link has expired (links work for 24 hours and the file is then deleted). Ask for a new copy on your profile page.',
    );
    expect((await state(token)).body.data.export).toMatchObject({ status: 'expired', download_url: null });
    const round = await runExportJob(t.shop, now);
    expect(round.expired).toContain(id);
    expect(await t.app.files.has(key)).toBe(false);
    expect(await rowOf()).toMatchObject({ status: 'expired', file_key: null });
    expect((await download(t, link)).status).toBe(410);
  });

  it('makes one file when the job runs on two instances at once', async () => {
    const customers = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const ids: number[] = [];
    for (const c of customers) ids.push((await ask(c.token)).body.data.export.id);
    const before = await exportKeys();
    // A second pool on PostgreSQL, as another instance has; SQLite interleaves both on its one connection.
    const second = dialect === 'postgres' ? createDb(parseDatabaseUrl(t.config.DATABASE_URL), { poolSize: 3 }) : t.db;
    try {
      const now = new Date();
      const rounds = await Promise.all([
        runExportRound(t.shop, now),
        runExportRound(shopOn(t.shop, second), now),
        runExportRound(t.shop, now),
        runExportRound(shopOn(t.shop, second), now),
      ]);
      const made = rounds.flatMap((r) => r.made);
      expect(rounds.flatMap((r) => r.failed)).toEqual([]);
      // Each copy made by exactly one of the four rounds, and one file per copy made.
      expect(made.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(ids);
      expect(new Set(made).size).toBe(made.length);
      const expired = rounds.flatMap((r) => r.expired).length;
      expect(await exportKeys()).toHaveLength(before.length + made.length - expired);
    } finally {
      if (second !== t.db) await second.destroy();
    }
    for (const c of customers) expect((await state(c.token)).body.data.export?.status).toBe('ready');
  });

  it('marks a copy failed when the round making its last attempt died, and offers a new request', async () => {
    const { user, token } = await createUser(t.db);
    const asked = await ask(token);
    const id = asked.body.data.export.id;
    // Its third round claimed it and never came back (the instance died): the claim has run out.
    await t.db
      .updateTable('data_exports')
      .set({ attempts: 3, claimed_until: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    const round = await runExportJob(t.shop);
    expect(round.made).not.toContain(id);
    expect((await state(token)).body.data.export).toMatchObject({ id, status: 'failed' });
    const again = await ask(token);
    expect(again.status).toBe(200);
    expect(again.body.data.export.id).not.toBe(id);
    expect((await runExportJob(t.shop)).made).toContain(again.body.data.export.id);
    const rows = await t.db.selectFrom('data_exports').select('status').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'ready']);
  });

  it('lets only an owner make and download a customer’s copy, audited by id, not told to the customer', async () => {
    const crew = await staffCrew(t.db);
    const { customer } = crew;
    const body = { id: customer.user.id };
    for (const [who, token, status] of [
      ['manager', crew.manager.token, 403],
      ['fulfilment', crew.fulfilment.token, 403],
      ['customer', customer.token, 403],
      ['nobody', undefined, 401],
    ] as const) {
      for (const path of ['/admin/customers/data-export', '/admin/customers/data-export/request'] as const) {
        const res = await post(t.app, path, body, token ? { token } : {});
        expect(res.status, `${who} ${path}`).toBe(status);
      }
      const file = await post(t.app, '/admin/customers/data-export/download', { ...body, export_id: 1 }, { token });
      expect(file.status, `${who} download`).toBe(status);
    }
    expect(
      await t.db.selectFrom('data_exports').select('id').where('user_id', '=', customer.user.id).execute(),
    ).toEqual([]);

    const made = await post(t.app, '/admin/customers/data-export/request', body, { token: crew.owner.token });
    expect(made.status, made.body.message).toBe(200);
    const exportId = made.body.data.export.id;
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'customer.export_data').execute();
    expect(audit).toEqual([
      expect.objectContaining({ actor_user_id: crew.owner.user.id, entity: 'customer', entity_id: String(body.id) }),
    ]);
    const logged = JSON.stringify(audit);
    for (const text of [customer.user.email, customer.user.nickname, customer.user.phone]) {
      expect(logged).not.toContain(text);
    }

    await runExportJob(t.shop);
    const got = await post(t.app, '/admin/customers/data-export', body, { token: crew.owner.token });
    // Downloaded in the back office with the session: no link leaves it.
    expect(got.body.data.export).toMatchObject({ id: exportId, status: 'ready', download_url: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/customers/data-export/download',
      headers: {
        authorization: `Bearer ${crew.owner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `id=${body.id}&export_id=${exportId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const data = JSON.parse((await unzip(res.rawPayload)).get('data.json')!.toString('utf8'));
    expect(data.profile.email).toBe(customer.user.email);
    // Another customer's id with this copy: refused.
    const wrong = await post(
      t.app,
      '/admin/customers/data-export/download',
      { id: crew.manager.user.id, export_id: exportId },
      { token: crew.owner.token },
    );
    expect(wrong.status).toBe(404);

    // The customer is not told, and their own state and daily count are their own.
    const told = await t.db.selectFrom('notifications').select('id').where('user_id', '=', customer.user.id).execute();
    expect(told).toEqual([]);
    expect((await state(customer.token)).body.data).toEqual({ export: null, requests_left: 3 });
  });
});
