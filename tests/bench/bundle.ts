import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ChunkSize, closure, firstLoad, size as gz } from './bundle-size';
import { measureWire, printWire } from './bundle-wire';
import { builtRevision, viteBuild } from './revision';

/**
 * Bundle bench (`npm run bench:bundle`): builds the client (or measures an existing build with `--no-build`) and
 * prints what a first visit requests, gzip -9 of the built files:
 * - the shop's routes `/`, `/products`, `/details/{id}`: index.html's entry and its static imports plus the route's
 *   page chunk and its static imports (tests/bench/bundle-size.ts), compared with the build before the back office;
 * - the back office: its own first load (entry + AdminApp + the dashboard screen) and what each screen adds;
 * - whether any back-office module is in the chunks the shop's first load requests (from the hidden source maps).
 * - the same first visits on the wire (tests/bench/bundle-wire.ts, docs/decisions/054): the real server serving the
 *   build, Chromium loading each route in a fresh context, every script's compressed body plus its answer's headers,
 *   against the aims there; and the document apart.
 * Prints "FAIL" and exits 1 when the shop's first load holds admin code or grew past the baseline, when a route is
 * over its aim on the wire, or when a script answer errored or came uncompressed (or not as brotli when asked for).
 *
 * Options: --no-build (measure dist/client as it is), --dist=<dir> (measure another build; implies --no-build; its
 * server render is read from <dir>/../server), --baseline=<rev> (build that commit from `git archive` in a temp dir
 * and compare with it instead of the figures recorded below), --no-wire (skip the browser), --wire-only (only the
 * browser), --files (list every script each route fetched on the wire).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The shop's first visits: route, page module, chunk name prefix (bundle-size.ts's fallback without a manifest). */
const SHOP_ROUTES: Array<[string, string, string]> = [
  ['/', 'src/client/features/home/pages/HomePage.tsx', 'HomePage'],
  ['/products', 'src/client/features/catalog/pages/ProductListPage.tsx', 'ProductListPage'],
  ['/details/{id}', 'src/client/features/catalog/pages/ProductDetailPage.tsx', 'ProductDetailPage'],
];

/**
 * The shop before the back office (commit 7d0c69a, the parent of the back-office frame), measured by this bench
 * (`--baseline=7d0c69a`): JS gzip bytes and script count per route. The shop's first load must not grow past it.
 */
const RECORDED_BASELINE: { rev: string; routes: Record<string, { js: number; scripts: number }> } = {
  rev: '7d0c69a',
  routes: {
    '/': { js: 156_620, scripts: 11 },
    '/products': { js: 149_434, scripts: 11 },
    '/details/{id}': { js: 153_768, scripts: 14 },
  },
};

/** Source paths that are back-office code: never in the shop's first load. */
export const ADMIN_MODULE =
  /(?:^|\/)src\/(?:client\/(?:app\/admin\/|features\/admin-|entities\/staff\/|lib\/ui\/admin\/)|common\/(?:contract\/admin\/|i18n\/admin-messages|admin-|staff-rules))/;

const ADMIN_APP = 'src/client/app/admin/AdminApp.tsx';
const ADMIN_SCREENS = 'src/client/app/admin/admin-screens.ts';

interface RouteFigures {
  scripts: number;
  js: number;
  css: number;
  files: ChunkSize[];
}

const sum = (xs: { gzip: number }[]) => xs.reduce((s, x) => s + x.gzip, 0);
const bytes = (n: number) => n.toLocaleString('en-US');
const signed = (n: number) => (n > 0 ? `+${bytes(n)}` : n < 0 ? `−${bytes(-n)}` : '±0');

/** Each built chunk's source modules (repository-relative paths or node_modules/…), from its hidden source map. */
function chunkModules(dist: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of readdirSync(join(dist, 'assets'))) {
    if (!f.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(join(dist, 'assets', f), 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => {
      const i = s.lastIndexOf('node_modules/');
      if (i >= 0) return s.slice(i);
      const j = s.lastIndexOf('src/');
      return j >= 0 ? s.slice(j) : s;
    });
    out.set(`assets/${f.slice(0, -'.map'.length)}`, sources);
  }
  return out;
}

/**
 * What Vite's preload helper fetches for `import("./target.js")` in `from`: the files of its `__vite__mapDeps`
 * list (the target, its static imports and their CSS), or just the target when the import has no list.
 */
function dynamicLoad(dist: string, from: string, target: string): string[] {
  const code = readFileSync(join(dist, from), 'utf8');
  const list = code.match(/m\.f=(\[[^\]]*\])/);
  const files = list ? (JSON.parse(list[1]!) as string[]) : [];
  const name = target.replace(/^assets\//, '');
  // `import("./x.js").then(e=>e.t)` when the chunk exports the module under another name (AdminApp's).
  for (const m of code.matchAll(
    /import\([`'"]\.\/([^`'"]+\.js)[`'"]\)(?:\.then\(\w+=>\w+\.\w+\))?\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]/g,
  )) {
    if (m[1] !== name) continue;
    const deps = m[2]!
      .split(',')
      .filter((s) => s.trim())
      .map((i) => files[Number(i)]!);
    return [...new Set([target, ...deps])];
  }
  return [target];
}

/** The chunk holding a source module (its dynamic entry when it was imported lazily). */
function chunkOf(modules: Map<string, string[]>, source: string): string | undefined {
  for (const [file, sources] of modules) if (sources.includes(source)) return file;
  return undefined;
}

/** The back office's screens: `import('…')` targets in admin-screens.ts, as source paths, with their paths. */
function adminScreens(srcRoot: string): Array<{ path: string; source: string }> {
  const file = join(srcRoot, ADMIN_SCREENS);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const out: Array<{ path: string; source: string }> = [];
  for (const m of text.matchAll(/path:\s*'([^']*)'[^}]*?import\(\s*'([^']+)'\s*\)/g)) {
    const spec = m[2]!;
    const base = spec.startsWith('@/')
      ? `src/client/${spec.slice(2)}`
      : spec.startsWith('./')
        ? `src/client/app/admin/${spec.slice(2)}`
        : spec;
    const source = ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((x) => base + x)
      .find((p) => existsSync(join(srcRoot, p)));
    if (source) out.push({ path: `/admin${m[1] ? `/${m[1]}` : ''}`, source });
  }
  return out;
}

export interface BundleReport {
  /** index.html's entry script and its static imports: what every route loads first. */
  entry: { scripts: number; js: number };
  routes: Record<string, RouteFigures & { adminModules: string[] }>;
  admin?: {
    firstLoad: RouteFigures;
    /** Chunks the dashboard screen imports lazily (e.g. its chart), fetched when they render. */
    dashboardLazy: { scripts: number; js: number };
    screens: Array<{
      path: string;
      source: string;
      js: number;
      css: number;
      files: number;
      lazyJs: number;
      lazyFiles: number;
    }>;
  };
}

/** Measures a built client (`dist` is dist/client) whose sources are under `srcRoot`. */
export function measureBundle(dist: string, srcRoot = root): BundleReport {
  const modules = chunkModules(dist);
  const report: BundleReport = { entry: { scripts: 0, js: 0 }, routes: {} };
  let entryFiles: string[] = [];
  let entryCss: ChunkSize[] = [];
  for (const [route, source, prefix] of SHOP_ROUTES) {
    const fl = firstLoad(dist, source, prefix);
    const files = [...fl.entry, ...fl.route];
    entryFiles = fl.entry.map((c) => c.file);
    report.entry = { scripts: fl.entry.length, js: sum(fl.entry) };
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]!);
    entryCss = styles.map((f) => gz(dist, f));
    const adminModules = files.flatMap((c) =>
      (modules.get(c.file) ?? []).filter((m) => ADMIN_MODULE.test(m)).map((m) => `${m} (in ${c.file})`),
    );
    report.routes[route] = { scripts: files.length, js: sum(files), css: sum(fl.css), files, adminModules };
  }

  const adminChunk = chunkOf(modules, ADMIN_APP);
  if (!adminChunk) return report;
  const entrySet = new Set(entryFiles);
  // The entry's lazy import of AdminApp (the router's `admin/*` route), then the dashboard screen's import in it.
  const entryFile = entryFiles[0]!;
  const frameLoad = dynamicLoad(dist, entryFile, adminChunk);
  const frameJs = closure(
    dist,
    frameLoad.filter((f) => f.endsWith('.js')),
    entrySet,
  );
  const frameCss = frameLoad.filter((f) => f.endsWith('.css'));
  const screens = adminScreens(srcRoot);
  const loaded = new Set([...entrySet, ...frameJs]);
  /** What opening a screen adds to the frame: its chunk and static imports, its CSS, and the chunks it imports lazily. */
  const screenLoad = (source: string) => {
    const chunk = chunkOf(modules, source);
    if (!chunk) return { js: [] as string[], css: [] as string[], lazy: [] as string[] };
    const load = dynamicLoad(dist, adminChunk, chunk);
    const js = closure(
      dist,
      load.filter((f) => f.endsWith('.js')),
      loaded,
    );
    const css = load.filter((f) => f.endsWith('.css') && !frameCss.includes(f) && !entryCss.some((c) => c.file === f));
    const lazy = new Set<string>();
    for (const file of js) {
      const code = readFileSync(join(dist, file), 'utf8');
      for (const m of code.matchAll(/import\([`'"]\.\/([^`'"]+\.js)[`'"]\)/g)) {
        const target = `assets/${m[1]!}`;
        const targetLoad = dynamicLoad(dist, file, target).filter((f) => f.endsWith('.js'));
        for (const f of closure(dist, targetLoad, new Set([...loaded, ...js]))) lazy.add(f);
      }
    }
    return { js, css, lazy: [...lazy] };
  };
  const size = (files: string[]) => sum(files.map((f) => gz(dist, f)));
  const screenFigures = screens.map(({ path, source }) => {
    const { js, css, lazy } = screenLoad(source);
    return { path, source, js: size(js), css: size(css), files: js.length, lazyJs: size(lazy), lazyFiles: lazy.length };
  });
  const dashboard = screens.find((s) => s.path === '/admin');
  const dash = dashboard ? screenLoad(dashboard.source) : { js: [], css: [], lazy: [] };
  const js = [...entryFiles, ...frameJs, ...dash.js].map((f) => gz(dist, f));
  const css = [...new Set([...entryCss.map((c) => c.file), ...frameCss, ...dash.css])].map((f) => gz(dist, f));
  report.admin = {
    firstLoad: { scripts: js.length, js: sum(js), css: sum(css), files: js },
    dashboardLazy: { scripts: dash.lazy.length, js: size(dash.lazy) },
    screens: screenFigures,
  };
  return report;
}

/** Builds `rev` from `git archive` (read-only) in a temp dir and measures it. */
function measureRevision(rev: string): BundleReport {
  const { dir, remove } = builtRevision(rev);
  try {
    return measureBundle(join(dir, 'dist/client'), dir);
  } finally {
    remove();
  }
}

export async function runBundleBench(argv = process.argv.slice(2)): Promise<boolean> {
  const flag = (name: string) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const value = (name: string) => flag(name)?.split('=')[1];
  const distArg = value('dist');
  const dist = distArg ? resolve(distArg) : join(root, 'dist/client');
  if (!distArg && !flag('no-build')) viteBuild(root);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build in ${dist} (run npm run build)`);

  if (flag('wire-only')) return printWire(await measureWire(dist), { files: Boolean(flag('files')) });
  const baselineRev = value('baseline');
  const baseline: Record<string, { js: number; scripts: number }> = baselineRev
    ? Object.fromEntries(
        Object.entries(measureRevision(baselineRev).routes).map(([r, f]) => [r, { js: f.js, scripts: f.scripts }]),
      )
    : RECORDED_BASELINE.routes;
  const report = measureBundle(dist);
  let ok = true;

  console.log(
    `\nfirst load, gzip -9 bytes (${dist}); baseline: ${baselineRev ?? `${RECORDED_BASELINE.rev}, recorded`}`,
  );
  console.log(
    `${'route'.padEnd(16)}${'scripts'.padStart(8)}${'JS gzip'.padStart(10)}${'CSS gzip'.padStart(10)}${'baseline JS'.padStart(13)}${'change'.padStart(10)}`,
  );
  for (const [route, f] of Object.entries(report.routes)) {
    const base = baseline[route];
    const change = base ? f.js - base.js : 0;
    if (base && change > 0) ok = false;
    console.log(
      `${route.padEnd(16)}${String(f.scripts).padStart(8)}${bytes(f.js).padStart(10)}${bytes(f.css).padStart(10)}${(base ? `${bytes(base.js)} (${base.scripts})` : '-').padStart(13)}${signed(change).padStart(10)}`,
    );
  }
  const first = Object.values(report.routes)[0];
  if (first) {
    console.log('  files of / :');
    for (const c of first.files) console.log(`    ${c.file.padEnd(44)}${bytes(c.gzip).padStart(9)}`);
  }

  if (report.admin) {
    const a = report.admin;
    console.log(
      `\nback office, first load of /admin (entry + AdminApp + the dashboard screen): ${a.firstLoad.scripts} scripts, JS ${bytes(a.firstLoad.js)} B gzip (the shop's entry ${bytes(report.entry.js)} + ${bytes(a.firstLoad.js - report.entry.js)} of its own), CSS ${bytes(a.firstLoad.css)} B gzip`,
    );
    if (a.dashboardLazy.scripts) {
      console.log(
        `  + the dashboard's lazy chunks (fetched as they render): ${a.dashboardLazy.scripts} scripts, ${bytes(a.dashboardLazy.js)} B gzip → ${bytes(a.firstLoad.js + a.dashboardLazy.js)} B in all`,
      );
    }
    const width = Math.max(22, ...a.screens.map((s) => s.path.length + 2));
    console.log('  each screen, what opening it adds to the frame (lazy: the chunks it imports on demand):');
    console.log(
      `${'  screen'.padEnd(width + 2)}${'files'.padStart(6)}${'JS gzip'.padStart(10)}${'CSS gzip'.padStart(10)}${'lazy JS'.padStart(14)}  module`,
    );
    for (const s of a.screens) {
      const lazy = s.lazyFiles ? `${bytes(s.lazyJs)} (${s.lazyFiles})` : '-';
      console.log(
        `  ${s.path.padEnd(width)}${String(s.files).padStart(6)}${bytes(s.js).padStart(10)}${bytes(s.css).padStart(10)}${lazy.padStart(14)}  ${s.source}`,
      );
    }
  } else {
    console.log('\nback office: no AdminApp chunk in this build');
  }

  const leaks = Object.entries(report.routes).flatMap(([route, f]) => f.adminModules.map((m) => `${route}: ${m}`));
  if (leaks.length) {
    ok = false;
    console.log(`\nFAIL: back-office modules in the shop's first load:\n  ${leaks.join('\n  ')}`);
  } else {
    console.log(
      "\nOK: no back-office module (app/admin, features/admin-*, entities/staff, lib/ui/admin, common's admin files) in the chunks the shop's first load requests",
    );
  }
  if (!Object.entries(report.routes).every(([r, f]) => !baseline[r] || f.js <= baseline[r]!.js)) {
    console.log("FAIL: the shop's first load grew past the baseline");
  } else {
    console.log("OK: the shop's first load is not larger than the baseline on any route");
  }
  if (!flag('no-wire') && !printWire(await measureWire(dist), { files: Boolean(flag('files')) })) ok = false;
  return ok;
}

// `tsx tests/bench/bundle.ts` (npm run bench:bundle) runs it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBundleBench()
    .then((ok) => {
      if (!ok) process.exitCode = 1;
    })
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
