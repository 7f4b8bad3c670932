import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { fakeTelegramHost, telegramLaunchHash } from '../e2e/support/fake-telegram-host';
import { signInitData, tgUser } from '../support/telegram/init-data';

/**
 * Telegram SDK bench (`npm run bench:telegram`, docs/decisions/026; not part of `npm test`): what one call of the SDK
 * costs the main thread inside Telegram, in Debian's Chromium with the e2e tests' fake host (`TelegramWebviewProxy`,
 * signed launch parameters in the URL), unthrottled and with the CPU slowed 4× (CDP), for the calls the app makes as a
 * shopper moves between screens (BackButton, MainButton) and for the SDK's own checks.
 *
 * A plain call of an SDK function (`backButton.show()`) first checks that it runs in a Mini App: it reads the launch
 * parameters from the URL and parses them (`isTMA`). `fn.ifAvailable()` asks the SDK's availability signal, which it
 * computes once and keeps until the component's state or the version changes, so lib/telegram calls through it.
 * Posting an event to the host (`postEvent`) costs the same either way: the bridge checks `window` against a schema
 * on every post, which the app cannot change (it posts only when a state changes).
 *
 * The SDK is bundled for the page here (Vite's library build of @telegram-apps/sdk-react), so its functions can be
 * called by name.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CALLS = Number(process.env.BENCH_CALLS ?? 300);

/** Each case: a name and the page's code for one call (the SDK is `sdk`; `flip` alternates to make a change). */
const CASES: Array<[string, string]> = [
  ['isTMA() (the check a plain call makes)', 'sdk.isTMA()'],
  ['postEvent (one event to the host)', "sdk.postEvent('web_app_setup_back_button', { is_visible: flip() })"],
  ['BackButton show + hide, plain', 'sdk.backButton.show(); sdk.backButton.hide()'],
  ['BackButton show + hide, ifAvailable', 'sdk.backButton.show.ifAvailable(); sdk.backButton.hide.ifAvailable()'],
  ['BackButton onClick + off, plain', 'sdk.backButton.onClick(() => {})()'],
  ['BackButton onClick + off, ifAvailable', 'const r = sdk.backButton.onClick.ifAvailable(() => {}); if (r[0]) r[1]()'],
  ['MainButton setParams (a change), plain', 'sdk.mainButton.setParams({ isVisible: flip() })'],
  ['MainButton setParams (a change), ifAvailable', 'sdk.mainButton.setParams.ifAvailable({ isVisible: flip() })'],
];

/** Bundles @telegram-apps/sdk-react (the SDK's functions, re-exported) as one script that sets `window.__sdk`. */
async function bundleSdk(dir: string): Promise<string> {
  const entry = join(dir, 'entry.js');
  // The app's own dependency, resolved from here (the entry lives in a temp dir).
  const sdkModule = fileURLToPath(import.meta.resolve('@telegram-apps/sdk-react'));
  writeFileSync(entry, `import * as sdk from ${JSON.stringify(sdkModule)};\nwindow.__sdk = sdk;\n`);
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: join(dir, 'out'),
      emptyOutDir: true,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'telegramSdkBench', fileName: () => 'sdk.js' },
    },
  });
  return readFileSync(join(dir, 'out', 'sdk.js'), 'utf8');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-telegram-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const script = await bundleSdk(dir);
    const results: Record<string, number[]> = {};
    const rates = [1, 4];
    for (const rate of rates) {
      const context = await browser.newContext();
      await context.addInitScript(fakeTelegramHost());
      const page = await context.newPage();
      await page.route('http://shop.test/**', (route) =>
        new URL(route.request().url()).pathname === '/sdk.js'
          ? route.fulfill({ body: script, contentType: 'text/javascript' })
          : route.fulfill({ body: '<!doctype html><script src="/sdk.js"></script>', contentType: 'text/html' }),
      );
      await page.goto(`http://shop.test/${telegramLaunchHash(signInitData(tgUser(777_000_001)))}`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      // Passed as a string: the bench's own build helpers (tsx) must not leak into the page.
      const { result } = await cdp.send('Runtime.evaluate', {
        returnByValue: true,
        expression: `(() => {
          const sdk = window.__sdk;
          sdk.init();
          sdk.backButton.mount();
          sdk.mainButton.mount();
          let on = false;
          const flip = () => (on = !on);
          const cases = [${CASES.map(([, code]) => `() => { ${code}; }`).join(',')}];
          return cases.map((call) => {
            for (let i = 0; i < 30; i++) call();
            const start = performance.now();
            for (let i = 0; i < ${CALLS}; i++) call();
            return ((performance.now() - start) / ${CALLS}) * 1000;
          });
        })()`,
      });
      const perCall = result.value as number[];
      CASES.forEach(([name], i) => {
        results[name] = [...(results[name] ?? []), perCall[i] ?? Number.NaN];
      });
      await context.close();
    }
    console.log(`\nTelegram SDK calls inside the fake host (Debian Chromium), µs per call, mean of ${CALLS}`);
    console.log(`${'call'.padEnd(48)}${rates.map((r) => `CPU ${r}×`.padStart(11)).join('')}`);
    for (const [name] of CASES) {
      console.log(`${name.padEnd(48)}${(results[name] ?? []).map((us) => us.toFixed(1).padStart(11)).join('')}`);
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
