import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/harness';
import { startServerProcess } from '../support/server-process';

/**
 * The first load as the phone receives it (docs/decisions/054): the real server (`node --import tsx
 * src/server/main.ts`, a temp seeded SQLite shop) serving `dist`, and Debian's Chromium loading `/`, `/products` and
 * `/details/{id}` each in a fresh context (an empty cache: a first visit) with a 390 px mobile viewport. Every script
 * the visit fetches until the app has started and the network is idle + 2 s (entry, modulepreloads, lazy chunks) is
 * counted as Chromium
 * reports it: the body as sent (compressed) plus the answer's headers (playwright-core's `request.sizes()`, CDP's
 * `encodedDataLength` split in two). The document is counted apart.
 */

/** The aims per route, in KB of 1,024 B (docs/decisions/054): scripts' bodies and headers on the wire. */
export const WIRE_AIMS: Record<string, number> = {
  '/': 90 * 1024,
  '/products': 92 * 1024,
  '/details/{id}': 100 * 1024,
};

export interface WireFile {
  url: string;
  status: number;
  encoding: string;
  /** Whether the browser asked for brotli (Accept-Encoding). */
  askedBr: boolean;
  body: number;
  headers: number;
}

export interface WirePage {
  route: string;
  path: string;
  scripts: WireFile[];
  document: WireFile | null;
  /** Script answers that failed, errored (≥ 400) or came uncompressed, or not as brotli when brotli was asked for. */
  problems: string[];
}

const total = (files: WireFile[], key: 'body' | 'headers') => files.reduce((s, f) => s + f[key], 0);

async function fileOf(request: Request): Promise<WireFile> {
  const response = await request.response();
  const sizes = await request.sizes();
  return {
    url: new URL(request.url()).pathname,
    status: response?.status() ?? 0,
    encoding: (await response?.headerValue('content-encoding')) ?? '',
    askedBr: /\bbr\b/.test((await request.headerValue('accept-encoding')) ?? ''),
    body: sizes.responseBodySize,
    headers: sizes.responseHeadersSize,
  };
}

/** One first visit of `url`: every script answer and the document, on the wire. */
async function visit(browser: Browser, route: string, base: string, path: string): Promise<WirePage> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const scripts: Array<Promise<WireFile>> = [];
  let doc: Promise<WireFile> | null = null;
  const problems: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(fileOf(request));
    else if (request.resourceType() === 'document' && request.frame() === page.mainFrame() && !doc)
      doc = fileOf(request);
  });
  page.on('requestfailed', (request) => {
    if (request.resourceType() === 'script')
      problems.push(`${request.url()}: failed (${request.failure()?.errorText})`);
  });
  try {
    // The page asks for its scripts after its first paint (docs/decisions/022): wait until the app has started
    // (`<html data-app="ready">`), then until the network is idle, and 2 s more for what the app fetches lazily.
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    // What finishes from here on is not counted: each answer read below is read before the context closes.
    page.removeAllListeners('requestfinished');
    page.removeAllListeners('requestfailed');
    const files = await Promise.all(scripts);
    for (const f of files) {
      if (f.status >= 400 || f.status === 0) problems.push(`${f.url}: answered ${f.status}`);
      else if (!f.encoding) problems.push(`${f.url}: not compressed (${f.body} B as it is)`);
      else if (f.askedBr && f.encoding !== 'br') problems.push(`${f.url}: ${f.encoding}, not brotli`);
    }
    return { route, path, scripts: files, document: doc ? await doc : null, problems };
  } finally {
    await context.close();
  }
}

/**
 * Serves `dist` (its server render beside it, in ../server) from the real server and weighs each route's first visit.
 * `productPath` is found as a customer finds it: the first product card of /products.
 */
export async function measureWire(dist: string): Promise<WirePage[]> {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-wire-'));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
      UPLOAD_DIR: join(dir, 'uploads'),
      CLIENT_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    timeoutMs: 60_000,
  });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/products`, { waitUntil: 'networkidle' });
    const href = await page.locator('a[href^="/details/"]').first().getAttribute('href');
    await context.close();
    if (!href) throw new Error('no product on /products');
    const routes: Array<[string, string]> = [
      ['/', '/'],
      ['/products', '/products'],
      ['/details/{id}', href],
    ];
    const pages: WirePage[] = [];
    for (const [route, path] of routes) pages.push(await visit(browser, route, server.url, path));
    return pages;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const bytes = (n: number) => n.toLocaleString('en-US');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Prints the table (and with `files`, every script); returns false when a route is over its aim or a script is wrong. */
export function printWire(pages: WirePage[], opts: { files?: boolean } = {}): boolean {
  let ok = true;
  console.log(
    '\nfirst load on the wire (the real server, Chromium, 390 px, a fresh context per page): every script, body as sent + headers',
  );
  console.log(
    `${'route'.padEnd(16)}${'scripts'.padStart(8)}${'body B'.padStart(10)}${'headers B'.padStart(11)}${'total B'.padStart(10)}${'total'.padStart(10)}${'aim'.padStart(10)}  verdict`,
  );
  for (const p of pages) {
    const body = total(p.scripts, 'body');
    const headers = total(p.scripts, 'headers');
    const aim = WIRE_AIMS[p.route];
    const over = aim !== undefined && body + headers > aim;
    if (over) ok = false;
    console.log(
      `${p.route.padEnd(16)}${String(p.scripts.length).padStart(8)}${bytes(body).padStart(10)}${bytes(headers).padStart(11)}${bytes(body + headers).padStart(10)}${kb(body + headers).padStart(10)}${(aim ? kb(aim) : '-').padStart(10)}  ${over ? `FAIL: ${bytes(body + headers - aim!)} B over` : 'met'}`,
    );
  }
  console.log('  the document (HTML) of each first visit, apart:');
  for (const p of pages) {
    const d = p.document;
    console.log(
      `  ${p.route.padEnd(14)}${d ? `${bytes(d.body)} B body (${d.encoding || 'identity'}) + ${bytes(d.headers)} B headers = ${bytes(d.body + d.headers)} B` : 'not seen'}`,
    );
  }
  if (opts.files) {
    for (const p of pages) {
      console.log(`  scripts of ${p.path}:`);
      for (const f of p.scripts) {
        console.log(
          `    ${f.url.padEnd(44)}${bytes(f.body).padStart(9)}${bytes(f.headers).padStart(7)}  ${f.encoding || 'identity'}`,
        );
      }
    }
  }
  const problems = pages.flatMap((p) => p.problems.map((x) => `${p.route}: ${x}`));
  if (problems.length) {
    ok = false;
    console.log(`FAIL: script answers not as they should be:\n  ${problems.join('\n  ')}`);
  }
  if (pages.some((p) => p.scripts.length === 0)) {
    ok = false;
    console.log('FAIL: a page fetched no script (is the build served?)');
  }
  console.log(ok ? 'OK: every route within its aim on the wire' : 'FAIL: the first load on the wire');
  return ok;
}
