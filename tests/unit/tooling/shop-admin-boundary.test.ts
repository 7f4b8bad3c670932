import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseSync } from 'rolldown/utils';
import { ADMIN_MODULE } from '../../bench/bundle';
import { biomeProbe } from './biome-probe';

// The shop's first load must not carry the back office (docs/decisions/013 "Loading the back office").
// Checked from the sources, without a build: the modules main.tsx reaches through static imports (what the entry chunk
// holds) include no back-office module, and the shop's only way into the back office is the router's lazy `admin/*`
// route. `npm run bench:bundle` measures the built chunks.

const root = join(__dirname, '../../..');
const MAIN = 'src/client/main.tsx';
const ROUTER = 'src/client/app/router.tsx';
const ADMIN_APP = 'src/client/app/admin/AdminApp.tsx';

interface Imports {
  /** Imports that stay in the output (`import type` and `export type … from` are erased). */
  static: string[];
  dynamic: string[];
  /** `import()` of a computed specifier: the walk cannot follow it. */
  opaque: string[];
}

/** The module specifiers of a TypeScript source, read by the parser that builds the client (Rolldown's oxc). */
export function readImports(file: string, code: string): Imports {
  const { module, errors } = parseSync(file, code);
  if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
  const typeOnly = (start: number) => /^(?:import|export)\s+type\b/.test(code.slice(start));
  const out: Imports = { static: [], dynamic: [], opaque: [] };
  for (const i of module.staticImports) if (!typeOnly(i.start)) out.static.push(i.moduleRequest.value);
  for (const e of module.staticExports) {
    if (typeOnly(e.start)) continue;
    for (const entry of e.entries) if (entry.moduleRequest) out.static.push(entry.moduleRequest.value);
  }
  for (const d of module.dynamicImports) {
    const text = code.slice(d.moduleRequest.start, d.moduleRequest.end);
    const literal = text.match(/^\s*(['"`])([^'"`$]+)\1\s*$/);
    if (literal) out.dynamic.push(literal[2]!);
    else out.opaque.push(`${file}: import(${text})`);
  }
  return out;
}

/** A project source for a specifier (aliases as in vite.config.ts), or null for packages and non-script files. */
function resolveSource(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = `src/client/${spec.slice(2)}`;
  else if (spec.startsWith('@common/')) base = `src/common/${spec.slice('@common/'.length)}`;
  else if (spec.startsWith('.')) base = relative(root, join(root, dirname(from), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const path = join(root, candidate);
    if (/\.tsx?$/.test(candidate) && existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return null;
}

const cache = new Map<string, { static: string[]; dynamic: string[]; opaque: string[] }>();
function edges(file: string) {
  let found = cache.get(file);
  if (!found) {
    const imports = readImports(file, readFileSync(join(root, file), 'utf8'));
    const resolveAll = (specs: string[]) =>
      specs.map((s) => resolveSource(file, s)).filter((s): s is string => s !== null);
    found = { static: resolveAll(imports.static), dynamic: resolveAll(imports.dynamic), opaque: imports.opaque };
    cache.set(file, found);
  }
  return found;
}

/** The packages a source imports statically (what stays in the output). */
const edgesToPackages = (file: string) =>
  readImports(file, readFileSync(join(root, file), 'utf8')).static.filter(
    (spec) => !spec.startsWith('.') && !spec.startsWith('@/') && !spec.startsWith('@common/'),
  );

/** Every source reached from `start` through static imports (and dynamic ones too when `dynamic`), never entering admin. */
function walk(start: string, dynamic: boolean) {
  const seen = new Set<string>();
  const intoAdmin: string[] = [];
  const opaque: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { static: s, dynamic: d, opaque: o } = edges(file);
    if (dynamic) opaque.push(...o);
    for (const [to, kind] of [...s.map((t) => [t, 'static']), ...(dynamic ? d.map((t) => [t, 'dynamic']) : [])]) {
      if (ADMIN_MODULE.test(to!)) intoAdmin.push(`${file} -> ${to} (${kind})`);
      else visit(to!);
    }
  };
  visit(start);
  return { seen, intoAdmin, opaque };
}

describe('the shop and the back office', () => {
  it('reads static, type-only and dynamic imports apart', () => {
    const code = [
      "import type { A } from './a';",
      "import { type B, c } from './b';",
      "import { type D } from './d';",
      "import './e.css';",
      "export * from './f';",
      "export type { G } from './g';",
      "export { h } from './h';",
      "const page = () => import('./i');",
      // A computed specifier (a template with a placeholder).
      `const template = (x: string) => import(\`./j/\${x}\`);`,
      '',
    ].join('\n');
    expect(readImports('probe.tsx', code)).toEqual({
      // `import { type D }` stays (verbatimModuleSyntax keeps the import itself).
      static: ['./b', './d', './e.css', './f', './h'],
      dynamic: ['./i'],
      opaque: [`probe.tsx: import(\`./j/\${x}\`)`],
    });
  });

  it("the shop's first load (all main.tsx imports statically) holds no back-office module", () => {
    const { seen, intoAdmin } = walk(MAIN, false);
    // The walk follows the real graph: the router, the shell and the stores are in it.
    expect(seen).toContain(ROUTER);
    expect(seen).toContain('src/client/app/layout/RootLayout.tsx');
    expect(seen).toContain('src/client/stores/session-store.ts');
    expect(intoAdmin).toEqual([]);
  });

  it("the shop's first load holds no zod schema (the contract stays out of the entry: zod is ~27 kB gzip)", () => {
    const { seen } = walk(MAIN, false);
    // The header's search field is on every first screen (docs/decisions/017): it takes its limit from a zod-free
    // module.
    expect(seen).toContain('src/client/entities/product/components/SearchField.tsx');
    const withZod = [...seen].filter((file) => edgesToPackages(file).some((p) => p === 'zod' || p.startsWith('zod/')));
    expect(withZod).toEqual([]);
  });

  it('the shop reaches the back office only through the lazy admin/* route of the router', () => {
    const { seen, intoAdmin, opaque } = walk(MAIN, true);
    // Shop pages loaded on demand are followed too (a page that imported admin code would load it on the shop).
    expect(seen).toContain('src/client/features/home/pages/HomePage.tsx');
    expect(intoAdmin).toEqual([`${ROUTER} -> ${ADMIN_APP} (dynamic)`]);
    // A computed import() could load anything: the shop names what it loads.
    expect(opaque).toEqual([]);
  });
});

// docs/decisions/021: what the first screen does not need stays out of the first load too (each moved out, measured
// with `npm run bench:bundle`): the menus' content (rendered only while open), the Telegram-only start watcher, Chinese
// (loaded before the first render when the shop is in Chinese) and the server messages besides the first screens'.
describe("the shop's first load leaves out what the first screen does not show", () => {
  const OUT_OF_FIRST_LOAD = [
    'src/client/app/layout/MegaMenuPanel.tsx',
    'src/client/app/layout/AccountMenuPanel.tsx',
    'src/client/app/layout/MobileMenu.tsx',
    'src/client/features/referral/TelegramStartWatcher.tsx',
    'src/client/lib/i18n/locales/zh.ts',
    'src/client/lib/i18n/locales/common.zh.ts',
    'src/common/i18n/messages-first.zh.ts',
    'src/client/lib/i18n/server-messages.ts',
    'src/common/i18n/messages-rest.en.ts',
    'src/common/i18n/messages-rest.zh.ts',
  ];

  it('none of them is reached from main.tsx through static imports; each is still loaded on demand', () => {
    const first = walk(MAIN, false).seen;
    expect(first).toContain('src/client/app/layout/MegaMenu.tsx');
    expect(first).toContain('src/client/lib/i18n/locales/common.en.ts');
    expect(first).toContain('src/common/i18n/messages-first.en.ts');
    expect(OUT_OF_FIRST_LOAD.filter((file) => first.has(file))).toEqual([]);
    // Both languages of every server message (common/i18n/messages.ts) are the server's: the shop never imports them.
    expect(first).not.toContain('src/common/i18n/messages.ts');
    const all = walk(MAIN, true).seen;
    expect(OUT_OF_FIRST_LOAD.filter((file) => !all.has(file))).toEqual([]);
    // Nor the Telegram SDK (loaded inside Telegram only, lib/telegram/init.ts).
    const sdk = [...first].filter((file) => edgesToPackages(file).some((p) => p.startsWith('@telegram-apps/')));
    expect(sdk).toEqual([]);
  });

  it("a module that shows a server message besides the first screens' brings them along (lib/i18n/server-messages)", () => {
    // The first screens' keys, read from their source (plain data, one key a line).
    const firstKeys = [
      ...readFileSync(join(root, 'src/common/i18n/messages-first.en.ts'), 'utf8').matchAll(/^\s+(\w+):/gm),
    ].map((m) => m[1]!);
    expect(firstKeys).toEqual(expect.arrayContaining(['ageRefused', 'notEnoughStock']));
    const missing: string[] = [];
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/client'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('src/client/lib/i18n/') && existsSync(join(root, f)));
    for (const file of files) {
      const code = readFileSync(join(root, file), 'utf8');
      const keys = [...code.matchAll(/messages:(\w+)/g)].map((m) => m[1]!);
      const dynamic = code.includes('messages:${');
      if (!dynamic && keys.every((k) => firstKeys.includes(k))) continue;
      if (!readImports(file, code).static.includes('@/lib/i18n/server-messages')) missing.push(file);
    }
    expect(missing).toEqual([]);
  });
});

// The same rule where it is written first: Biome (biome.json) refuses a shop feature or a lower layer that imports
// back-office pieces, and lets the back office's own features use the lower layers. Probe files laid out like the
// repository, linted with the project's configuration (as import-rules.test.ts does for the layer rules).
describe('biome.json: shop code never imports the back office', () => {
  const lint = biomeProbe('leafcup-admin-imports-');

  it('a shop feature, lib/, stores/ or a shop entity may not import entities/staff or lib/ui/admin', () => {
    const files = {
      'src/client/features/orders/A.ts': "import { x } from '@/entities/staff/api/use-staff';\nexport const a = x;\n",
      'src/client/features/orders/pages/B.tsx': "import { x } from '@/lib/ui/admin/AdminPage';\nexport const b = x;\n",
      'src/client/features/orders/components/deep/C.tsx':
        "import { x } from '@/lib/ui/admin/PagedTable';\nexport const c = x;\n",
      'src/client/features/orders/D.ts': "import { x } from '@/features/admin-orders/pages/X';\nexport const d = x;\n",
      'src/client/lib/ui/E.tsx': "import { x } from './admin/AdminPage';\nexport const e = x;\n",
      'src/client/stores/f.ts': "import { x } from '@/entities/staff/api/use-staff';\nexport const f = x;\n",
      'src/client/entities/order/g.ts': "import { x } from '../staff/api/use-staff';\nexport const g = x;\n",
    };
    expect(lint(files).sort()).toEqual(
      Object.keys(files)
        .map((f) => `${f} style/noRestrictedImports`)
        .sort(),
    );
  });

  it("the back office's own code may use the lower layers; the layer rules still hold for shop and admin features", () => {
    const found = lint({
      // Allowed: an admin feature uses itself, entities (staff too), lib (lib/ui/admin too), stores, common.
      'src/client/features/admin-orders/pages/A.tsx': [
        "import { a } from '../components/OrderActions';",
        "import { b } from '@/entities/staff/api/use-staff';",
        "import { c } from '@/lib/ui/admin/AdminPage';",
        "import { d } from '@/lib/ui/DataTable';",
        "import { e } from '@/entities/order/locales';",
        "import { f } from '@/stores/session-store';",
        "import { g } from '@common/money';",
        'export const all = [a, b, c, d, e, f, g];',
        '',
      ].join('\n'),
      'src/client/lib/ui/admin/B.tsx': "import { x } from '../../telegram/main-button';\nexport const b = x;\n",
      'src/client/entities/staff/api/c.ts': "import { x } from '@/lib/api/client';\nexport const c = x;\n",
      // Refused as before: a feature (shop or admin) that imports another feature or app/.
      'src/client/features/orders/D.ts': "import { x } from '../cart/store';\nexport const d = x;\n",
      'src/client/features/orders/pages/E.tsx': "import { x } from '@/app/router';\nexport const e = x;\n",
      'src/client/features/admin-orders/pages/F.tsx':
        "import { x } from '@/features/cart/store';\nexport const f = x;\n",
      'src/client/features/admin-orders/G.ts': "import { x } from '../orders/store';\nexport const g = x;\n",
    });
    expect(found.sort()).toEqual(
      [
        'src/client/features/orders/D.ts',
        'src/client/features/orders/pages/E.tsx',
        'src/client/features/admin-orders/pages/F.tsx',
        'src/client/features/admin-orders/G.ts',
      ]
        .map((f) => `${f} style/noRestrictedImports`)
        .sort(),
    );
  });
});
