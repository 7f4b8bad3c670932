import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { fakeTelegramHost, telegramLaunchHash } from '../e2e/support/fake-telegram-host';
import { freePort } from '../setup/postgres';
import { signInitData, tgUser } from '../support/telegram/init-data';
import { builtRevision, viteBuild } from './revision';

/**
 * Web bench (`npm run bench:web`, docs/decisions/021; not part of `npm test`): builds the client, serves a temp seeded
 * shop on a free port (the real server, as `npm start`), and for `/`, `/products` and `/details/{id}`:
 * - the first-load JavaScript as Chromium fetches it (mobile viewport, empty cache, every script requested until the
 *   network is idle + 2 s): scripts, gzip -9 bytes of their bodies (bench:bundle's measure) and bytes on the wire;
 * - Lighthouse mobile (default simulated throttling), median of 3 runs: score, FCP, LCP, TBT, CLS, speed index, and the runs' range
 *   of LCP and TBT. Lighthouse is not a dependency of the project: it runs through `npx --yes lighthouse@12.8` with
 *   Debian's Chromium (CHROME_PATH).
 *   `--no-lighthouse` skips it; `--runs=N` changes the number of runs; `--dist=DIR` serves a build made elsewhere.
 * - `--baseline=<rev>`: that commit too, built from `git archive` in a temp dir and served by its own server code, and
 *   every figure printed for both, the runs interleaved (one run of the baseline, one of this tree, and again), so a
 *   busy machine slows both alike: on a shared 2-core machine the same build's figures swing by ±100–200 ms from
 *   one series to the next, and only an interleaved comparison says what a change bought.
 * - the main thread as a slow phone's would be blocked (Chromium with its CPU slowed 4×, as Lighthouse's mobile preset
 *   assumes, measured in the page rather than simulated): the long tasks from the first paint until the app has
 *   hydrated and 2.5 s more, and their blocking time (each task's time over 50 ms, added up), median of the runs;
 *   and the time the page's JavaScript ran over the whole visit (Chromium's `ScriptDuration`, 4× slowed: no 50 ms
 *   threshold, so it moves in proportion to the script's work).
 *   Lighthouse's TBT is simulated from one unthrottled run's task lengths, so on a loaded 2-core machine a few
 *   tasks stretched by the other processes swing it by hundreds of ms; this figure moves much less. The same again
 *   inside Telegram: a first open from the bot, with the e2e tests' fake host (dark theme: the app draws over the
 *   server's markup, and starts the Telegram SDK).
 * A first visit: no stored state, so the age gate shows (the issue's condition). A Lighthouse run that fails to
 * record (NO_NAVSTART, which it asks to run again) is run again, twice at most.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const value = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(value('runs') ?? 3);
// `--dist=DIR`: serve that client build (its server render next to it, DIR/../server) instead of building dist/client.
const clientDist = value('dist') ?? join(root, 'dist/client');

const bytes = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The machine's load as a section starts: Lighthouse's TBT multiplies the observed length of each task, and on a
 * busy 2-core machine a task's wall time is several times its CPU time, so its figures are only read with it.
 */
const machine = () => `load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`;

/**
 * The performance aims (docs/plans/015-performance.md): first-load JS (gzip, in KiB as the plan counts) per route, and
 * Lighthouse's figures.
 */
const AIMS = {
  js: { '/': 100 * 1024, '/products': 105 * 1024, '/details/{id}': 105 * 1024 } as Record<string, number>,
  score: 0.98,
  lcp: 1500,
  tbt: 100,
  cls: 0.02,
};
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The shop of the source tree at `source` (its server code and `dist`), on a free port with a fresh seeded database. */
async function startShop(source = root, dist = clientDist): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-web-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: source,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(dir, 'shop.sqlite')}`,
      UPLOAD_DIR: join(dir, 'uploads'),
      CLIENT_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (true) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('the shop did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Weight {
  scripts: number;
  gzip: number;
  wire: number;
}

/** Every script a first visit requests (empty cache, mobile viewport) until idle + 2 s. */
async function weigh(browser: import('playwright-core').Browser, url: string): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const pending: Array<Promise<{ gzip: number; wire: number }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize + sizes.responseHeadersSize };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const files = await Promise.all(pending);
  await context.close();
  return {
    scripts: files.length,
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    wire: files.reduce((s, f) => s + f.wire, 0),
  };
}

/** Long tasks (start, duration in ms) after the first paint of a first visit with the CPU slowed 4×. */
async function blocking(
  browser: import('playwright-core').Browser,
  url: string,
  telegram = false,
): Promise<{ fcp: number; tbt: number; tasks: number[]; script: number }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  // Inside Telegram: the e2e tests' fake host (its dark theme, so the app draws over the server's markup) and signed
  // launch parameters in the URL's hash, as a first open from the bot.
  if (telegram) await context.addInitScript(fakeTelegramHost());
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: Array<[number, number]> };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await page.goto(telegram ? `${url}${telegramLaunchHash(signInitData(tgUser(777_000_001)))}` : url, {
    waitUntil: 'load',
  });
  // Polled with CDP's Runtime.evaluate of one expression, not page.waitForFunction: that compiles and runs
  // Playwright's injected script in the page's main thread, a 170–430 ms task at 4× that the long-task observer
  // counted as the page's own (and its ScriptDuration too).
  const deadline = Date.now() + 60_000;
  while (true) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.documentElement.dataset.app' });
    if (result.value === 'ready') break;
    if (Date.now() > deadline) throw new Error(`${url}: the app did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 2500));
  const { metrics } = await cdp.send('Performance.getMetrics');
  const script = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0, tasks: window.__longTasks })`,
    returnByValue: true,
  });
  const { fcp, tasks } = result.value as { fcp: number; tasks: Array<[number, number]> };
  await context.close();
  const after = tasks.filter(([start]) => start >= fcp).map(([, d]) => Math.round(d));
  return { fcp, tbt: after.reduce((sum, d) => sum + Math.max(0, d - 50), 0), tasks: after, script };
}

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Speed index (10% of the score): how soon the page looks finished, from Lighthouse's screenshots. */
  si: number;
}

function lighthouse(url: string, attempt = 1): LighthouseFigures | string {
  const run = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12.8',
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    { cwd: tmpdir(), env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (run.status !== 0) {
    const why = (run.stderr || '').trim().split('\n').pop() ?? '';
    // "Something went wrong with recording the trace … Please run Lighthouse again": a fault of the recording.
    if (attempt < 3 && /run Lighthouse again/i.test(why)) return lighthouse(url, attempt + 1);
    return `lighthouse failed (${run.status}): ${why}`;
  }
  const report = JSON.parse(run.stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: report.categories.performance.score,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface Shop {
  /** "this tree", or the baseline's revision. */
  name: string;
  url: string;
  stop(): Promise<void>;
}

async function main() {
  if (!flag('no-build') && !value('dist')) viteBuild(root);
  const baselineRev = value('baseline');
  const baseline = baselineRev ? { rev: baselineRev, ...builtRevision(baselineRev) } : null;
  const shops: Shop[] = [];
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // The baseline first: each run below measures the shops in this order, one after the other.
    if (baseline)
      shops.push({ name: baseline.rev, ...(await startShop(baseline.dir, join(baseline.dir, 'dist/client'))) });
    shops.push({ name: 'this tree', ...(await startShop()) });
    const label = (shop: Shop, route: string) => (shops.length > 1 ? `${route} (${shop.name})` : route);
    const width = shops.length > 1 ? 16 + Math.max(...shops.map((s) => s.name.length)) + 3 : 16;

    // A product of the seeded catalogue, found as a customer would: the first card of /products (the same seed, so
    // the same product in every shop).
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shops[0]!.url}/products`, { waitUntil: 'networkidle' });
    const href = await page.locator('a[href^="/details/"]').first().getAttribute('href');
    await context.close();
    if (!href) throw new Error('no product on /products');
    const routes: Array<[string, string]> = [
      ['/', '/'],
      ['/products', '/products'],
      ['/details/{id}', href],
    ];

    console.log(
      `\nfirst-load JavaScript as Chromium fetches it (${shops.map((s) => s.url).join(', ')}, mobile viewport, empty cache; aims ${Object.values(AIMS.js).map(bytes).join(' / ')} B)`,
    );
    console.log(
      `${'route'.padEnd(width)}${'scripts'.padStart(8)}${'JS gzip -9'.padStart(12)}${'on the wire'.padStart(13)}`,
    );
    for (const [name, path] of routes) {
      for (const shop of shops) {
        const w = await weigh(browser, `${shop.url}${path}`);
        console.log(
          `${label(shop, name).padEnd(width)}${String(w.scripts).padStart(8)}${bytes(w.gzip).padStart(12)}${bytes(w.wire).padStart(13)}  aim ${bytes(AIMS.js[name] ?? 0)}: ${verdict(w.gzip <= (AIMS.js[name] ?? 0))}`,
        );
      }
    }

    for (const telegram of [false, true]) {
      console.log(
        `\nmain thread after the first paint, CPU slowed 4× (in the page), median of ${runs}${shops.length > 1 ? ' (runs interleaved)' : ''}${telegram ? ', inside Telegram (a first open: the fake host of the e2e tests, dark theme)' : ''}; ${machine()}`,
      );
      console.log(
        `${'route'.padEnd(width)}${'FCP ms'.padStart(8)}${'TBT ms'.padStart(8)}${'script ms'.padStart(11)}  long tasks (ms), each run`,
      );
      for (const [name, path] of routes) {
        const results = shops.map(() => [] as Array<Awaited<ReturnType<typeof blocking>>>);
        for (let i = 0; i < runs; i++) {
          for (const [k, shop] of shops.entries())
            results[k]!.push(await blocking(browser, `${shop.url}${path}`, telegram));
        }
        for (const [k, shop] of shops.entries()) {
          const rs = results[k]!;
          console.log(
            `${label(shop, name).padEnd(width)}${String(Math.round(median(rs.map((r) => r.fcp)))).padStart(8)}${String(median(rs.map((r) => r.tbt))).padStart(8)}${String(Math.round(median(rs.map((r) => r.script)))).padStart(11)}  ${rs.map((r) => `[${r.tasks.join(' ')}]`).join(' ')}`,
          );
        }
      }
    }

    if (flag('no-lighthouse')) return;
    console.log(
      `\nLighthouse mobile (simulated throttling), median of ${runs}${shops.length > 1 ? ' (runs interleaved)' : ''} (npx lighthouse@12.8, ${chromiumPath}; ${machine()})`,
    );
    console.log(
      `${'route'.padEnd(width)}${'score'.padStart(7)}${'FCP s'.padStart(8)}${'LCP s'.padStart(8)}${'TBT ms'.padStart(8)}${'CLS'.padStart(8)}${'SI s'.padStart(7)}`,
    );
    for (const [name, path] of routes) {
      const results = shops.map(() => [] as LighthouseFigures[]);
      for (let i = 0; i < runs; i++) {
        for (const [k, shop] of shops.entries()) {
          const r = lighthouse(`${shop.url}${path}`);
          if (typeof r === 'string') console.log(`${label(shop, name)}: ${r}`);
          else results[k]!.push(r);
        }
      }
      for (const [k, shop] of shops.entries()) {
        const rs = results[k]!;
        if (!rs.length) continue;
        const m = (f: keyof LighthouseFigures) => median(rs.map((r) => r[f]));
        const range = (f: keyof LighthouseFigures, unit: number, digits: number) => {
          const xs = rs.map((r) => r[f] / unit);
          return `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
        };
        console.log(
          `${label(shop, name).padEnd(width)}${m('score').toFixed(2).padStart(7)}${(m('fcp') / 1000).toFixed(2).padStart(8)}${(m('lcp') / 1000).toFixed(2).padStart(8)}${String(Math.round(m('tbt'))).padStart(8)}${m('cls').toFixed(3).padStart(8)}${(m('si') / 1000).toFixed(2).padStart(7)}  (${rs.length} runs; score ${range('score', 1, 2)}, LCP ${range('lcp', 1000, 2)} s, TBT ${range('tbt', 1, 0)} ms)`,
        );
        const met = m('score') >= AIMS.score && m('lcp') <= AIMS.lcp && m('tbt') <= AIMS.tbt && m('cls') <= AIMS.cls;
        console.log(
          `${''.padEnd(width)}aims (score >= ${AIMS.score}, LCP <= ${AIMS.lcp / 1000} s, TBT <= ${AIMS.tbt} ms, CLS <= ${AIMS.cls}, medians): ${verdict(met)}`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const shop of shops) await shop.stop();
    baseline?.remove();
  }
}

await main();
