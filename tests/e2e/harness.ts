import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { freePort } from '../setup/postgres';
import type { TestSmtp } from '../setup/smtp';
import { type ServerProcess, startServerProcess } from '../support/server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const CHROMIUM_MISSING =
  'Chromium is missing: run `apt-get install -y chromium` (npm test installs it when run as root)';

export interface Shop {
  /** e.g. http://127.0.0.1:8123 (no trailing slash). */
  url: string;
  port: number;
  /** The temp dir holding the database and uploads. */
  dir: string;
  /** The server's environment (DATABASE_URL, UPLOAD_DIR, …), for `shopCommand`. */
  env: Record<string, string>;
  process: ChildProcess;
  /** Everything the server printed so far (its JSON log lines). */
  output(): string;
  /**
   * SIGTERM (unless the test already signalled the process), wait for the exit (SIGKILL after 15 s), remove the
   * temp dir; resolves to the exit code.
   */
  stop(): Promise<number | null>;
}

export interface StartShopOptions {
  /** Extra environment (e.g. BOT_TOKEN, DATABASE_URL=postgres://… to run on PostgreSQL instead). */
  env?: Record<string, string>;
  /** How long to wait for /readyz (default 30 s). */
  timeoutMs?: number;
  /** E-mail on, sent to this test SMTP server (tests/setup/smtp.ts `startSmtp()`); links in e-mails point at the shop. */
  smtp?: Pick<TestSmtp, 'env'>;
  /** PUBLIC_URL set to the shop's own URL (links and a card provider's return addresses point back at it). */
  publicUrl?: boolean;
}

/** The client build the e2e shops serve. */
export const clientDist = () => process.env.E2E_CLIENT_DIST ?? join(root, 'dist/client');

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, as `npm start` does after the build) on a
 * free port with a temp SQLite database (`file:<tmp>/shop.sqlite`, migrated and seeded on start) and waits for
 * /readyz. It serves dist/client (the e2e global setup builds it).
 */
export async function startShop(opts: StartShopOptions = {}): Promise<Shop> {
  const buildError = safeInject('e2eBuildError');
  if (buildError) throw new Error(buildError);
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-shop-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
    UPLOAD_DIR: join(dir, 'uploads'),
    // E2E_CLIENT_DIST: a build of one's own (a worktree shared with others who rebuild dist/ meanwhile).
    CLIENT_DIST: clientDist(),
    ...(opts.publicUrl ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...(opts.smtp
      ? { SMTP_URL: opts.smtp.env.SMTP_URL, MAIL_FROM: opts.smtp.env.MAIL_FROM, PUBLIC_URL: `http://127.0.0.1:${port}` }
      : {}),
    ...opts.env,
  };
  let server: ServerProcess;
  try {
    server = await startServerProcess({ env, port, timeoutMs: opts.timeoutMs });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    // Never a second SIGTERM to a process a test already signalled (close-with-grace would exit 1): stop() waits.
    const code = await server.stop();
    rmSync(dir, { recursive: true, force: true });
    return code;
  };
  return { url: server.url, port, dir, env: server.env, process: server.process, output: server.output, stop };
}

/**
 * Runs an operator command (`npm run shop -- …`, e.g. `add-staff a@b.c --role owner`) on the running shop's
 * database, in this process, as the command line would (same `run`, same configuration); resolves to what it
 * printed, rejects with its refusal. Server code is imported only when a test calls this.
 */
export async function shopCommand(shop: Shop, argv: string[]): Promise<string> {
  const [{ run }, { createDb, parseDatabaseUrl }, { loadConfig }, { createShop }] = await Promise.all([
    import('../../src/server/operator/cli'),
    import('../../src/server/db/connection'),
    import('../../src/server/config'),
    import('../../src/server/shop'),
  ]);
  const config = loadConfig(shop.env);
  const db = createDb(parseDatabaseUrl(config.DATABASE_URL, root));
  try {
    const lines: string[] = [];
    await run(await createShop({ db, config }), argv, (line) => lines.push(line));
    return lines.join('\n');
  } finally {
    await db.destroy();
  }
}

function safeInject<K extends 'e2eBuildError' | 'chromiumPath'>(key: K): string {
  try {
    return (inject(key) as string | undefined) ?? '';
  } catch {
    return '';
  }
}

/** Headless Debian Chromium driven by playwright-core. Close it in afterAll. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = safeInject('chromiumPath') || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--disable-quic',
    ],
  });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far: tests assert it stays empty. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh context (own storage) and page at `url`, collecting console and page errors. With `session`, already
 * logged in as that account (the token and user the shop keeps in localStorage, the age question answered).
 */
export async function newPage(
  browser: Browser,
  url: string,
  opts: {
    locale?: string;
    viewport?: { width: number; height: number };
    session?: { user: unknown; token: string };
    /** The visitor's motion preference (`prefers-reduced-motion`); the browser's default is no preference. */
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'en-US',
    viewport: opts.viewport ?? { width: 390, height: 844 },
    ...(opts.reducedMotion ? { reducedMotion: opts.reducedMotion } : {}),
  });
  if (opts.session) {
    await context.addInitScript(({ user, token }) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('hasVisited', 'true');
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
        sessionStorage.setItem('seeded', '1');
      }
    }, opts.session);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  // Refused requests, for the failure report (tests assert on `errors`, which the browser also fills for them).
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  reportPageOnFailure(page, errors, refused);
  // A server-rendered screen shows before its script runs (docs/decisions/022): a test acts once the app is live
  // (rendered or hydrated), after each navigation it starts.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appReady(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appReady(page);
    return response;
  };
  await page.goto(url, { waitUntil: 'load' });
  return { page, context, errors, close: () => context.close() };
}

/** Waits until the app is live on this page (App sets `<html data-app="ready">` once rendered or hydrated). */
export async function appReady(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

/**
 * Holds back the app's entry script for pages of `target` (as a slow link would) until `release()`: the page shows
 * the server's markup and nothing runs it. Returns the release and a Yes on the server's age gate, checked to be
 * answered by the page itself (docs/decisions/027): hidden at once, stored, with the app not started.
 */
export async function holdEntry(target: Page | BrowserContext) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entry = /\/assets\/index-[^/]+\.js$/;
  await target.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release,
    unhold: () => target.unroute(entry),
    async answerAgeGateEarly(page: Page) {
      const gate = page.getByRole('dialog', { name: /legal age/ });
      await gate.waitFor();
      await page.getByRole('button', { name: 'Yes', exact: true }).click();
      await gate.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
      expect(await page.evaluate(() => localStorage.getItem('hasVisited'))).toBe('true');
      return gate;
    },
  };
}

/** Answers the age question ("Yes") on the live app (not the server's markup before it) and waits until it has gone. */
export async function acceptAgeGate(page: Page): Promise<void> {
  await appReady(page);
  const yes = page.getByRole('button', { name: 'Yes', exact: true });
  await yes.click();
  await yes.waitFor({ state: 'detached' });
}

/**
 * When the test that opened `page` fails, prints where the page was, what it logged and what it showed,
 * so a failure seen once in CI can be read afterwards. (Pages opened in hooks are not reported.)
 */
function reportPageOnFailure(page: Page, errors: string[], refused: string[]): void {
  try {
    onTestFailed(async () => {
      if (page.isClosed()) return;
      const text = await page
        .locator('body')
        // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden parts left out) is the point
        .innerText({ timeout: 2000 })
        .catch((err: Error) => `(could not read the page: ${err.message})`);
      console.error(
        `page at failure: ${page.url()}\nconsole/page errors: ${JSON.stringify(errors)}\nrefused requests: ${JSON.stringify(refused)}\nvisible text:\n${text.slice(0, 3000)}`,
      );
    });
  } catch {
    // Not inside a test (a beforeAll hook): nothing to attach to.
  }
}
