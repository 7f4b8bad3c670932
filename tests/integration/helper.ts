import { constants, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { ApiInput, ApiOutput, ApiPath } from '../../src/common/contract/api-map';
import type { FieldError } from '../../src/common/contract/envelope';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/index';
import type { Shop } from '../../src/server/shop';
import type { DbTemplates } from '../setup/db-templates';
import type { Dialect } from '../setup/dialects';
import { createPgDatabase, type PgDatabase } from '../setup/postgres';

export { type Dialect, dialects, onPostgres } from '../setup/dialects';

export interface TestDatabase {
  db: Db;
  dialect: Dialect;
  /** What DATABASE_URL would say for it (file:… or postgres://…). */
  url: string;
  /**
   * Destroys the connection and removes the database: the SQLite file at once; the PostgreSQL database in the
   * background (`dropLater`), else at the end of the run.
   */
  close(): Promise<void>;
}

/** The PostgreSQL server's admin URL from the integration project's global setup; throws why there is none. */
export function pgAdminUrl(): string {
  const url = inject('pgUrl');
  if (!url) {
    throw new Error(
      inject('pgError') ||
        'No PostgreSQL server: run integration tests through vitest.config.ts (its integration project starts one).',
    );
  }
  return url;
}

/** A new, empty database (no migrations): a SQLite file in a temp dir, or a `leafcup_test_<run>_<random>` database. */
export function freshDatabase(dialect: Dialect): Promise<TestDatabase> {
  return newDatabase(dialect);
}

/** The global setup's template of `kind` for `dialect` (undefined when the run was set up without templates). */
function templateOf(dialect: Dialect, kind: keyof DbTemplates): string | undefined {
  return inject('dbTemplates')?.[dialect]?.[kind];
}

/** A new database: empty, or a copy of `template` (a template's file on SQLite, its database name on PostgreSQL). */
async function newDatabase(dialect: Dialect, template?: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'leafcup-test-'));
    const file = join(dir, 'shop.sqlite');
    if (template) copyFileSync(template, file, constants.COPYFILE_FICLONE);
    const db = createDb({ kind: 'sqlite', location: file });
    return {
      db,
      dialect,
      url: `file:${file}`,
      close: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const prefix = inject('pgPrefix') || undefined;
  const database = await createPgDatabase(pgAdminUrl(), { prefix, template });
  const db = createDb({ kind: 'postgres', location: database.url }, { poolSize: 5 });
  return {
    db,
    dialect,
    url: database.url,
    close: async () => {
      await db.destroy();
      // Without the global setup's prefix nobody would drop it later: now, then.
      if (prefix) dropLater(database);
      else await database.drop();
    },
  };
}

/**
 * This process's closed PostgreSQL databases, dropped one at a time while the tests go on: each DROP DATABASE forces a
 * checkpoint (a second or more), which no test need wait for. What is still here when the run ends, the global
 * teardown drops (tests/setup/integration-global.ts).
 */
const toDrop: PgDatabase[] = [];
let dropping = false;
function dropLater(database: PgDatabase): void {
  toDrop.push(database);
  if (dropping) return;
  dropping = true;
  void (async () => {
    for (let next = toDrop.shift(); next; next = toDrop.shift()) await next.drop().catch(() => {});
    dropping = false;
  })();
}

export interface TestAppOptions {
  /** Seed the demo shop (default true). */
  seed?: boolean;
  /** Sets BOT_TOKEN (Telegram initData validation, webhook). */
  botToken?: string;
  /** Where the built client is (default: a directory that does not exist, so no client is served). */
  clientDist?: string;
  /** Any other environment values for loadConfig. */
  env?: Record<string, string>;
  /** Collects the app's log lines (JSON, one per entry) at LOG_LEVEL info (unless `env` says otherwise). */
  logs?: string[];
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** What the services are given (src/server/shop.ts): the app's own. */
  shop: Shop;
  config: Config;
  dialect: Dialect;
  /** Closes the app and removes its database and temp files. */
  close(): Promise<void>;
}

/**
 * The whole server (as `npm start` builds it, without listening) on a fresh database of `dialect`:
 * migrated, with the demo shop seeded unless `seed: false` (a copy of the run's template, tests/setup/db-templates.ts,
 * else migrated and seeded here). Call `close()` in afterAll/afterEach.
 */
export async function buildTestApp(dialect: Dialect, opts: TestAppOptions = {}): Promise<TestApp> {
  const template = templateOf(dialect, opts.seed === false ? 'migrated' : 'seeded');
  const database = await newDatabase(dialect, template);
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-app-'));
  const uploads = join(dir, 'uploads');
  mkdirSync(uploads);
  let app: FastifyInstance | undefined;
  try {
    if (!template) {
      await migrateToLatest(database.db);
      if (opts.seed !== false) await seedDemo(database.db);
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: opts.logs ? 'info' : 'silent',
      DATABASE_URL: database.url,
      CLIENT_DIST: opts.clientDist ?? join(dir, 'no-client'),
      UPLOAD_DIR: uploads,
      ...(opts.botToken ? { BOT_TOKEN: opts.botToken } : {}),
      ...opts.env,
    });
    const lines = opts.logs;
    app = await buildApp({
      config,
      db: database.db,
      ...(lines ? { logger: { stream: { write: (line: string) => lines.push(line) } } } : {}),
    });
    await app.ready();
    const built = app;
    return {
      app: built,
      db: database.db,
      shop: built.shop,
      config,
      dialect,
      close: async () => {
        await built.close();
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { success: boolean; code: number; message: string; data: T; [key: string]: unknown };
  /** The field errors of a refusal (empty on success). */
  errors: FieldError[];
}

/** Form-encodes a body as the client does: scalars as strings, arrays and objects as JSON strings. */
export function formEncode(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

/**
 * A body for a contract path: its fields with their contract types (a test may also send any field as a string,
 * or null to leave it out, to check how the server reads form input), plus any other field.
 */
export type PostBody<P extends ApiPath> = {
  [K in keyof ApiInput<P>]?: ApiInput<P>[K] | string | null;
} & Record<string, unknown>;

interface PostOptions {
  token?: string;
  headers?: Record<string, string>;
}

/**
 * POSTs to a path like the client: form-encoded, `lang=en` and `is_frontend=1` unless the body says otherwise,
 * and with `token` both as the bearer header and the body field. Returns the status and the parsed body.
 * On a contract path the body and the answer's data are typed from the contract (src/common/contract/api-map.ts);
 * any other path (or an explicit data type) takes the loose form.
 */
export async function post<P extends ApiPath>(
  app: FastifyInstance,
  path: P,
  body?: PostBody<P>,
  opts?: PostOptions,
): Promise<ApiResponse<ApiOutput<P>>>;
export async function post<T = Record<string, unknown>>(
  app: FastifyInstance,
  path: string,
  body?: Record<string, unknown>,
  opts?: PostOptions,
): Promise<ApiResponse<T>>;
export async function post<T>(
  app: FastifyInstance,
  path: string,
  body: Record<string, unknown> = {},
  opts: PostOptions = {},
): Promise<ApiResponse<T>> {
  const fields = { lang: 'en', is_frontend: 1, ...body, ...(opts.token ? { token: opts.token } : {}) };
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    payload: formEncode(fields),
  });
  let parsed: ApiResponse<T>['body'];
  try {
    parsed = res.json();
  } catch {
    throw new Error(`${path} answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 300)}`);
  }
  const errors = (parsed.data as { errors?: FieldError[] } | null)?.errors;
  return { status: res.statusCode, headers: res.headers, body: parsed, errors: Array.isArray(errors) ? errors : [] };
}

/**
 * The keys an app's file store holds under `prefix` (e.g. `receipts/`): what tests count instead of a folder, which
 * stays empty with the database store (docs/decisions/023).
 */
export async function storedKeys(t: Pick<TestApp, 'app'>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.app.files.list(prefix)) keys.push(entry.key);
  return keys;
}

/** The test app's shop with some settings changed (a service given another UNPAID_ORDER_HOURS, say). */
export const withConfig = (shop: Shop, over: Partial<Config>): Shop => ({
  ...shop,
  config: { ...shop.config, ...over },
});

/** The test app's shop on another connection to its database (what a second instance's services would run on). */
export const shopOn = (shop: Shop, db: Db): Shop => ({ ...shop, db });
