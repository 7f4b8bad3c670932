import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/**
 * A tiny client built as the shop's is (vite.config.ts: minified, `sourcemap: 'hidden'`, a manifest), so a test maps
 * a real minified stack without depending on `npm run build` (docs/decisions/045). Its entry throws from
 * src/checkout.ts at THROW_LINE when `__fixtureCheckout` is called.
 */

const CHECKOUT = `export function placeOrder(order: { items: string[]; email: string }): number {
  const count = order.items.length;
  if (count === 0) {
    throw new Error(\`The cart of \${order.email} is empty\`);
  }
  return count;
}
`;
export const THROW_LINE = CHECKOUT.split('\n').findIndex((l) => l.includes('throw new Error')) + 1;

const MAIN = `import { placeOrder } from './checkout';
(globalThis as { __fixtureCheckout?: () => number }).__fixtureCheckout = () =>
  placeOrder({ items: [], email: 'ana.reyes@example.com' });
`;

export interface FixtureBuild {
  /** The build's dist/client. */
  dist: string;
  /** Its id as the client sends it: the entry's name (`index-<hash>`). */
  buildId: string;
  /** The stack of the fixture's error as a browser at `origin` reports it (V8's format, our origin's URLs). */
  stack(origin: string, query?: string): string;
  close(): void;
}

export async function buildFixture(): Promise<FixtureBuild> {
  const root = mkdtempSync(join(tmpdir(), 'leafcup-fixture-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/checkout.ts'), CHECKOUT);
  writeFileSync(join(root, 'src/main.ts'), MAIN);
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.ts"></script></body></html>',
  );
  const dist = join(root, 'dist/client');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: dist,
      emptyOutDir: true,
      sourcemap: 'hidden',
      manifest: true,
      minify: true,
      target: 'es2020',
      // Run in Node to get a real stack: the preload polyfill needs a document.
      modulePreload: { polyfill: false },
    },
  });
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['index.html']!.file;
  await import(pathToFileURL(join(dist, entry)).href);
  let raw = '';
  try {
    (globalThis as { __fixtureCheckout?: () => number }).__fixtureCheckout!();
  } catch (err) {
    raw = (err as Error).stack ?? '';
  }
  // The script's location as the engine wrote it: a file URL, or the path itself under a module runner (vitest's).
  const where = new RegExp(`(?:file://)?${dist.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/assets/[^:]+)`, 'g');
  return {
    dist,
    buildId: /([^/]+)\.js$/.exec(entry)![1]!,
    stack: (origin, query = '') =>
      raw
        .split('\n')
        .filter((line, i) => i === 0 || line.includes(dist))
        .map((line) => line.replace(where, `${origin}$1${query}`))
        .join('\n'),
    close: () => rmSync(root, { recursive: true, force: true }),
  };
}
