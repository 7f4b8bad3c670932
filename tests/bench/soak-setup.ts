import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSession } from '../../src/server/accounts/session-repository';
import type { Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { nowIso } from '../../src/server/lib/time';
import { seedDemo } from '../../src/server/seed/index';
import { createAddress } from '../factories/addresses';
import { createProduct } from '../factories/products';
import { createStaff } from '../factories/staff';
import { freePort } from '../setup/postgres';
import type { BenchLine, Shopper, SoakData } from './soak-mix';

const root = fileURLToPath(new URL('../..', import.meta.url));
const STOCK = 1_000_000;
export const COUPON = 'SOAK10';

/** Opens a customer (no password: the bench opens the session itself) with an address in the first state. */
async function shopper(db: Db, n: number, cart: BenchLine[]): Promise<Shopper> {
  const now = nowIso();
  const user = await db
    .insertInto('users')
    .values({
      nickname: `Soak ${n}`,
      email: `soak-${n}@example.com`,
      phone: `+6391800${String(n).padStart(5, '0')}`,
      password_hash: 'soak-no-password',
      referral_code: `SOAK${n}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const address = await createAddress(db, user.id);
  return { token: await createSession(db, user.id), addressId: address.id, stateId: address.state_id, cart };
}

/**
 * The run's shop: the demo seed, four products of two packagings with a million in stock each (what orders buy),
 * a coupon without limits, `cartShoppers` + `orderShoppers` customers and an owner.
 */
export async function prepareShop(db: Db, counts: { cart: number; order: number }): Promise<SoakData> {
  await migrateToLatest(db);
  await seedDemo(db);
  const lines: BenchLine[] = [];
  for (let i = 0; i < 4; i++) {
    const { variants, product } = await createProduct(db, {
      name: `Soak Tea ${i}`,
      variants: [
        { name: '50 g', price: 1200 + i * 100, stock: STOCK },
        { name: '100 g', price: 2200 + i * 100, stock: STOCK },
      ],
    });
    for (const v of variants) lines.push({ product_id: product.id, variant_id: v.id, price: v.price_cents });
  }
  await db
    .insertInto('coupons')
    .values({
      code: COUPON,
      kind: 'percent',
      value: 10,
      min_spend_cents: 0,
      per_user_limit: null,
      usage_limit: null,
      starts_at: null,
      ends_at: null,
      created_at: nowIso(),
    })
    .execute();
  const cartShoppers: Shopper[] = [];
  for (let i = 0; i < counts.cart; i++) {
    cartShoppers.push(await shopper(db, i, [lines[i % lines.length]!, lines[(i + 3) % lines.length]!]));
  }
  const orderShoppers: Shopper[] = [];
  for (let i = 0; i < counts.order; i++) orderShoppers.push(await shopper(db, counts.cart + i, []));
  const staff = await createStaff(db, 'owner');
  const products = await db.selectFrom('products').select('id').where('is_active', '=', 1).execute();
  return {
    productIds: products.map((p) => p.id),
    lines,
    cartShoppers,
    orderShoppers,
    staffToken: staff.token,
    coupon: COUPON,
  };
}

export interface Instance {
  name: string;
  port: number;
  metricsPort: number;
  child: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
}

/** The environment of every instance: as in production, behind one proxy, with a payment provider configured. */
export function instanceEnv(databaseUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    CLIENT_DIST: join(root, 'dist/client'),
    SEED: 'off',
    TRUST_PROXY: '1',
    SHUTDOWN_DRAIN_MS: '0',
    // Customers place order after order without paying: the unpaid-orders limit would refuse all but their first
    // few (config.ts MAX_UNPAID_ORDERS), as in bench:orders.
    MAX_UNPAID_ORDERS: '0',
    BOT_TOKEN: '123456:SOAK-TOKEN-abcdefghijklmnopqrstuvwxyz',
    PAYMENT_PROVIDER_TOKEN: 'soak-provider',
    // Nothing leaves the machine: the bot's sender talks to a closed port (no customer here has a chat anyway).
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
  };
}

/**
 * Starts one instance (`node --import tsx src/server/main.ts`, as `npm start`, with soak-gc.mjs) with its log in `logFile`, its
 * metrics on a METRICS_PORT of its own, and its database connections named `leafcup-soak-<name>` in
 * pg_stat_activity; waits for /readyz.
 */
export async function startInstance(name: string, env: Record<string, string>, logFile: string): Promise<Instance> {
  const port = await freePort();
  const metricsPort = await freePort();
  const url = new URL(env.DATABASE_URL ?? '');
  url.searchParams.set('application_name', `leafcup-soak-${name}`);
  const fd = openSync(logFile, 'a');
  // As `npm start` runs it, plus soak-gc.mjs: SIGWINCH collects the garbage before the bench reads the heap.
  const args = ['--expose-gc', '--import', './tests/bench/soak-gc.mjs', '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, DATABASE_URL: url.toString(), PORT: String(port), METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited during start-up:\n${tail(logFile)}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${name} was not ready in 120 s:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, port, metricsPort, child, logFile, exited };
}

/** SIGTERM, and the exit code once it has drained (SIGKILL after 20 s: then null). */
export async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null) return instance.child.exitCode;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 20_000);
  const code = await instance.exited;
  clearTimeout(timer);
  return code;
}

export const tail = (file: string, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/** The instance's log lines at warn (40) or above, parsed; lines that are not JSON are counted as problems too. */
export function logProblems(file: string): { warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let level = 0;
    try {
      level = Number((JSON.parse(line) as { level?: number }).level ?? 0);
    } catch {
      // Node's own warnings (a deprecation) are not the shop's log lines.
      if (line.includes('DeprecationWarning') || line.includes('FastifyDeprecation') || line.includes('--trace-'))
        continue;
      errors.push(line);
      continue;
    }
    if (level >= 50) errors.push(line);
    else if (level >= 40) warnings.push(line);
  }
  return { warnings, errors };
}
