import { ConfigError, loadConfig } from '../../../src/server/config';

/** The message loadConfig throws for an environment, or null when it is accepted. */
function problem(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 8080,
      UPLOAD_DIR: 'data/uploads',
      CLIENT_DIST: 'dist/client',
      LOG_LEVEL: 'info',
      SEED: 'auto',
      TELEGRAM_API_ROOT: 'https://api.telegram.org',
      MAX_UPLOAD_BYTES: 5 * 1024 * 1024,
      UNPAID_ORDER_HOURS: 48,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BOT_TOKEN).toBeUndefined();
  });

  it('reads good values, coerces numbers and trims PUBLIC_URL’s trailing slash', () => {
    const config = loadConfig({
      PORT: '8123',
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PUBLIC_URL: 'https://shop.example.com/',
      BOT_TOKEN: '123456789:AAEhBOweik6ad6PsVMRxjeQKlPq-nQn_xyz',
      BOT_USERNAME: 'leaf_and_cup_bot',
      WEBHOOK_SECRET: 'a-long-secret_value-123',
      MAX_UPLOAD_BYTES: '1048576',
      SEED: 'off',
      LOG_LEVEL: 'warn',
    });
    expect(config.PORT).toBe(8123);
    expect(config.PUBLIC_URL).toBe('https://shop.example.com');
    expect(config.MAX_UPLOAD_BYTES).toBe(1048576);
    expect(config.SEED).toBe('off');
  });

  it('caches product-list pages for 1 s, except under NODE_ENV=test unless asked', () => {
    expect(loadConfig({}).CATALOG_CACHE_MS).toBe(1000);
    expect(loadConfig({ NODE_ENV: 'development' }).CATALOG_CACHE_MS).toBe(1000);
    expect(loadConfig({ NODE_ENV: 'test' }).CATALOG_CACHE_MS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', CATALOG_CACHE_MS: '250' }).CATALOG_CACHE_MS).toBe(250);
    expect(loadConfig({ CATALOG_CACHE_MS: '0' }).CATALOG_CACHE_MS).toBe(0);
  });

  it('reads TRUST_PROXY as off, a hop count, proxy addresses/CIDRs, or true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).TRUST_PROXY).toBe(true);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', BOT_TOKEN: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080 });
  });

  it('accepts file: paths and plain paths as SQLite DATABASE_URLs', () => {
    expect(problem({ DATABASE_URL: 'file:data/x.sqlite' })).toBeNull();
    expect(problem({ DATABASE_URL: '/var/lib/shop.sqlite' })).toBeNull();
    expect(problem({ DATABASE_URL: 'postgresql://u:p@h/db' })).toBeNull();
  });

  // Each bad value: the message names the variable and says what is wrong.
  const bad: Array<[string, string, RegExp]> = [
    ['NODE_ENV', 'staging', /development.*production.*test/],
    ['PORT', 'abc', /must be a number/],
    ['PORT', '70000', /0-65535/],
    ['PORT', '-1', /0-65535/],
    ['PORT', '80.5', /whole number/],
    ['DATABASE_URL', 'mysql://root@localhost/shop', /postgres:\/\/ URL or file:PATH/],
    ['PUBLIC_URL', 'shop.example.com', /absolute URL/],
    ['BOT_TOKEN', 'not-a-token', /BotFather/],
    ['BOT_USERNAME', '@leaf_bot', /without @/],
    ['WEBHOOK_SECRET', 'short', /16-256/],
    ['WEBHOOK_SECRET', 'has spaces in it, which are not allowed', /letters, digits/],
    ['TELEGRAM_API_ROOT', 'api.telegram.org', /URL/i],
    ['LOG_LEVEL', 'loud', /info/],
    ['SEED', 'yes', /auto.*off/],
    ['MAX_UPLOAD_BYTES', 'big', /number/],
    ['MAX_UPLOAD_BYTES', '0', />0/],
    ['MAX_UPLOAD_BYTES', '1.5', /int/],
    ['CATALOG_CACHE_MS', '-1', /0 \(off\) or a number of milliseconds/],
    ['CATALOG_CACHE_MS', '600000', /at most 60000/],
    ['CATALOG_CACHE_MS', 'soon', /number/],
    ['UNPAID_ORDER_HOURS', '-1', /0 \(never\) or a number of hours/],
    ['UNPAID_ORDER_HOURS', '1.5', /whole number of hours/],
    ['UNPAID_ORDER_HOURS', '1000', /at most 720/],
    ['TRUST_PROXY', 'yes', /number of proxies/],
    ['TRUST_PROXY', 'proxy.example.com', /addresses or CIDRs/],
    ['TRUST_PROXY', '10.0.0.0/33', /addresses or CIDRs/],
    ['TRUST_PROXY', '1000', /number of proxies/],
    ['STRIPE_SECRET_KEY', 'pk_test_51HxYzAbCdEf', /not the publishable key/],
    ['STRIPE_SECRET_KEY', 'sk_test', /sk_test_… \/ sk_live_…/],
    ['STRIPE_SECRET_KEY', 'whsec_0123456789abcdef0123', /restricted key rk_test_…/],
    ['STRIPE_WEBHOOK_SECRET', 'sk_test_51HxYzAbCdEf', /signing secret, whsec_…/],
    ['STRIPE_API_BASE', 'api.stripe.com', /absolute URL/],
    ['STRIPE_API_BASE', 'http://stripe.internal.example', /https:\/\/ \(http:\/\/ only for a fake on this machine\)/],
    ['STRIPE_API_BASE', 'https://api.stripe.com/v1', /origin only/],
  ];
  it.each(bad)('%s=%s is refused with a message naming it', (name, value, reason) => {
    const message = problem({ [name]: value });
    expect(message).not.toBeNull();
    const line = message!.split('\n').find((l) => l.includes(`${name}:`));
    expect(line, message!).toBeDefined();
    expect(line).toMatch(reason);
  });

  it('reads the Stripe keys (both or neither) and the API address, Stripe’s own by default', () => {
    expect(loadConfig({}).STRIPE_API_BASE).toBe('https://api.stripe.com');
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'rk_live_51HxYzAbCdEf0123',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config).toMatchObject({
      STRIPE_SECRET_KEY: 'rk_live_51HxYzAbCdEf0123',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(problem({ STRIPE_SECRET_KEY: 'sk_test_51HxYzAbCdEf' })).toMatch(
      /STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/,
    );
    expect(problem({ STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF' })).toMatch(
      /STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set/,
    );
  });

  it('never repeats a secret in its messages', () => {
    const message = problem({ STRIPE_SECRET_KEY: 'sk_live_NotQuiteAKey!', STRIPE_WEBHOOK_SECRET: 'whsec_tooShort' });
    expect(message).toContain('STRIPE_SECRET_KEY:');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET:');
    expect(message).not.toContain('NotQuiteAKey');
    expect(message).not.toContain('tooShort');
  });

  it('reads METRICS_TOKEN (16 characters at least, never repeated) and METRICS_PORT (not PORT)', () => {
    const unset = loadConfig({});
    expect([unset.METRICS_TOKEN, unset.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32), METRICS_PORT: '9464' })).toMatchObject({
      METRICS_TOKEN: 'a'.repeat(32),
      METRICS_PORT: 9464,
    });
    const short = problem({ METRICS_TOKEN: 'tooShortSecret' });
    expect(short).toMatch(/METRICS_TOKEN: METRICS_TOKEN must be 16-256 printable characters/);
    expect(short).not.toContain('tooShortSecret');
    expect(problem({ METRICS_TOKEN: 'has a space in the middle ok' })).toContain('METRICS_TOKEN:');
    expect(problem({ METRICS_PORT: 'x' })).toMatch(/METRICS_PORT: METRICS_PORT must be a number/);
    expect(problem({ METRICS_PORT: '70000' })).toMatch(/METRICS_PORT: METRICS_PORT must be 0-65535/);
    expect(problem({ PORT: '9000', METRICS_PORT: '9000' })).toMatch(/METRICS_PORT: METRICS_PORT must differ from PORT/);
  });

  it('lists every bad value at once', () => {
    const message = problem({ PORT: 'x', SEED: 'y', BOT_TOKEN: 'z' });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('PORT:');
    expect(message).toContain('SEED:');
    expect(message).toContain('BOT_TOKEN:');
  });
});
