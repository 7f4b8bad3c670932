import { randomBytes, randomInt } from 'node:crypto';
import { dropClearLimitKeys } from '../../../../src/server/db/migrations/2026-12-08T01-00-account-deletion';
import {
  up as addPrivacySection,
  PRIVACY_RETENTION_SECTION,
  SEEDED_PRIVACY,
} from '../../../../src/server/db/migrations/2026-12-08T01-05-privacy-retention';
import { buildMailTestApp, startSmtp, type TestSmtp } from '../../../setup/smtp';
import { dialects, post, type TestApp } from '../../helper';

/**
 * The rate-limit table holds no e-mail address or phone number in clear (docs/decisions/050); the privacy page says what
 * is kept and how to delete.
 */
describe.each(dialects)('rate-limit keys and the privacy page on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const keys = async () => (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);

  it('counts sign-up probes, unknown log-ins and reset requests per person without keeping who', async () => {
    const tag = randomBytes(4).toString('hex');
    const email = `probe.${tag}@example.com`;
    const phone = `+63917${randomInt(1_000_000, 9_999_999)}`;
    const form = { nickname: 'Probe', email, phone, password: 'Secret-123', confirm_password: 'Secret-123' };
    expect((await post(t.app, '/v1/user-register', form)).status).toBe(200);
    // The same contacts again: refused as taken, and counted under both.
    expect((await post(t.app, '/v1/user-register', form)).status).toBe(422);
    const stranger = `nobody.${tag}@example.com`;
    expect((await post(t.app, '/v1/user-login', { login: stranger, password: 'whatever-1' })).status).toBe(422);
    expect((await post(t.app, '/v2/forgot-password', { email })).status).toBe(200);

    const all = await keys();
    const needles = [email, phone, stranger, phone.slice(1), tag];
    expect(all.filter((k) => needles.some((n) => k.toLowerCase().includes(n.toLowerCase())))).toEqual([]);
    // The limits still count: one key per probed e-mail and phone, two attempts under each.
    const counted = await t.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where((eb) => eb.or([eb('key', 'like', 'contact-check:email:%'), eb('key', 'like', 'contact-check:phone:%')]))
      .where('count', '>=', 2)
      .execute();
    expect(counted.map((r) => r.key.split(':')[1]).sort()).toEqual(['email', 'phone']);
    expect(all.some((k) => k.startsWith('login:id:h'))).toBe(true);
    expect(all.some((k) => k.startsWith('pw-reset:email:h'))).toBe(true);
  });

  it('the migration drops the clear keys an older release wrote, and only those', async () => {
    const rows = ['contact-check:email:a@b.co', 'contact-check:phone:+639170000000', 'pw-reset:email:a@b.co'];
    const kept = ['login:ip:203.0.113.9', 'contact-check:user:7'];
    const windowStart = new Date().toISOString();
    for (const key of [...rows, 'login:id:a@b.co:ip:203.0.113.9', ...kept]) {
      await t.db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, count: 1, expires_at: null })
        .execute();
    }
    await dropClearLimitKeys(t.db as never);
    const left = await keys();
    for (const key of rows) expect(left).not.toContain(key);
    expect(left).not.toContain('login:id:a@b.co:ip:203.0.113.9');
    for (const key of kept) expect(left).toContain(key);
  });

  it('the privacy page has the section in both languages; the migration adds it only to the seeded text', async () => {
    const page = await post(t.app, '/v2/get-privacy-policy', {});
    expect(JSON.stringify(page.body.data)).toContain('Download my data');
    const zh = await post(t.app, '/v2/get-privacy-policy', { lang: 'zh' });
    expect(JSON.stringify(zh.body.data)).toContain('删除我的账户');

    // An older shop: the seeded text without the section gets it; a text the owner rewrote is left alone.
    await t.db
      .updateTable('pages')
      .set({ body_en: SEEDED_PRIVACY.en, body_zh: 'Our own words' })
      .where('slug', '=', 'privacy')
      .execute();
    await addPrivacySection(t.db as never);
    const row = await t.db
      .selectFrom('pages')
      .select(['body_en', 'body_zh'])
      .where('slug', '=', 'privacy')
      .executeTakeFirstOrThrow();
    expect(row.body_en).toBe(`${SEEDED_PRIVACY.en}\n\n${PRIVACY_RETENTION_SECTION.en}`);
    expect(row.body_zh).toBe('Our own words');
    // Run again: nothing is added twice.
    await addPrivacySection(t.db as never);
    const again = await t.db
      .selectFrom('pages')
      .select('body_en')
      .where('slug', '=', 'privacy')
      .executeTakeFirstOrThrow();
    expect(again.body_en).toBe(row.body_en);
  });
});
