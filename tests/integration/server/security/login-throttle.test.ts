import { LOGIN_LIMITS, loginKeys } from '../../../../src/server/accounts/login';
import { nowIso } from '../../../../src/server/lib/time';
import { createUser } from '../../../factories/users';
import { buildMailTestApp, startSmtp, type TestSmtp } from '../../../setup/smtp';
import { dialects, post, type TestApp } from '../../helper';

// Wrong passwords slow whoever sends them, never the owner (docs/decisions/033): a browser that logged in before keeps
// working while someone guesses from elsewhere, and the owner is told once.

describe.each(dialects)('log-in throttling on %s', (dialect) => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildMailTestApp(dialect, smtp, { seed: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
  });

  const login = (body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
    post(t.app, '/v1/user-login', body, { headers: { 'x-forwarded-for': ip, ...headers } });
  const deviceOf = (res: { headers: Record<string, unknown> }) =>
    /lc_device=([A-Za-z0-9_-]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];

  it('sets the device cookie on a log-in: HttpOnly, SameSite=Lax, for /v1, Secure over HTTPS', async () => {
    const { user, password } = await createUser(t.db);
    const plain = await login({ login: user.email, password }, '198.51.100.1');
    expect(String(plain.headers['set-cookie'])).toMatch(
      /^lc_device=[A-Za-z0-9_-]{32}; Path=\/v1; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
    const secure = await login({ login: user.email, password }, '198.51.100.1', { 'x-forwarded-proto': 'https' });
    expect(String(secure.headers['set-cookie'])).toMatch(/; Secure$/);
    // The same browser keeps its id; a cookie that is not one of ours is replaced, never a 500.
    const again = await login({ login: user.email, password }, '198.51.100.1', {
      cookie: `lc_device=${deviceOf(plain)}`,
    });
    expect(deviceOf(again)).toBe(deviceOf(plain));
    const odd = await login({ login: user.email, password }, '198.51.100.1', { cookie: 'lc_device=%E0%A4%A' });
    expect(odd.status).toBe(200);
    expect(deviceOf(odd)).not.toBe(deviceOf(plain));
  });

  it('while guesses from many addresses pace the account, a browser that logged in before gets in at once', async () => {
    const { user, password } = await createUser(t.db, { email_confirmed_at: nowIso(), telegram_user_id: '7400000001' });
    const first = await login({ login: user.email, password }, '198.51.100.2');
    const device = deviceOf(first)!;
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ login: user.email, password: `guess-${i}` }, `203.0.113.${i + 1}`)),
    );
    expect(guesses.filter((r) => r.status === 422)).toHaveLength(LOGIN_LIMITS.perAccountBeforePacing + 1);
    // A new browser, right password, from yet another address: slowed.
    expect((await login({ login: user.email, password }, '192.0.2.50')).status).toBe(429);
    // The owner's known browser, from a new network: in.
    const known = await login({ login: user.email, password }, '192.0.2.51', { cookie: `lc_device=${device}` });
    expect(known.status).toBe(200);
    // The known browser's own wrong tries are its own count (5), not the account's.
    for (let i = 0; i < LOGIN_LIMITS.perClientAndAccount; i++) {
      const typo = await login({ login: user.email, password: 'typo' }, '192.0.2.51', {
        cookie: `lc_device=${device}`,
      });
      expect(typo.status).toBe(422);
    }
    expect((await login({ login: user.email, password }, '192.0.2.51', { cookie: `lc_device=${device}` })).status).toBe(
      429,
    );

    // Told once, on both channels, when the pacing began.
    const bot = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'login_attempts')
      .execute();
    expect(bot).toHaveLength(1);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select('params')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'account_notice')
      .execute();
    expect(mail.map((m) => JSON.parse(m.params).event)).toEqual(['login_attempts']);
  });

  it('a browser known to one account is a stranger to another', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const device = deviceOf(await login({ login: a.user.email, password: a.password }, '198.51.100.3'))!;
    for (let i = 0; i < 11; i++) await login({ login: b.user.email, password: 'x' }, `203.0.113.${100 + i}`);
    const res = await login({ login: b.user.email, password: b.password }, '198.51.100.3', {
      cookie: `lc_device=${device}`,
    });
    expect(res.status).toBe(429);
    const key = await t.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', loginKeys.account(b.user.id))
      .executeTakeFirstOrThrow();
    expect(key.count).toBe(11);
  });
});
