import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes each script, stylesheet and SVG of the client build (1 KB or more) also as `.br` (brotli, quality 11) and
 * `.gz` (gzip -9) beside it, which the server sends as they are (@fastify/static `preCompressed`, plugins/client.ts)
 * instead of compressing on each request, where brotli runs at quality 4: the shop's entry is 110 KB on the wire
 * that way and 94 KB at quality 11 (docs/decisions/030). The server render's build is left alone, and so is
 * index.html (the server answers pages itself). node:zlib does the work; vite-plugin-compression2 was tried and
 * also compressed the server build (docs/decisions/030).
 */
function precompressed(): Plugin {
  return {
    name: 'leafcup:precompressed',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? src('./dist/client');
      const files = Object.values(bundle).filter((file) => /\.(js|css|svg)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const body = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
            gzipped(body, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(join(dir, `${file.fileName}.br`), br),
            writeFile(join(dir, `${file.fileName}.gz`), gz),
          ]);
        }),
      );
    },
  };
}

/**
 * The pages of the screens the server renders (router.tsx `SERVER_SCREENS`, docs/decisions/022): the first screens of
 * a visit, read from their `module:` lines so the list lives in one place.
 */
function firstScreenPages(): Map<string, string> {
  const router = readFileSync(src('./src/client/app/router.tsx'), 'utf8');
  const table = router.slice(router.indexOf('export const SERVER_SCREENS'));
  const modules = [...table.slice(0, table.indexOf('\n};')).matchAll(/module: '([^']+)'/g)].map((m) => m[1]!);
  if (!modules.length) throw new Error('vite.config.ts: no SERVER_SCREENS module found in src/client/app/router.tsx');
  return new Map(modules.map((m) => [src(`./${m}`), m.slice(m.lastIndexOf('/') + 1).replace(/Page\.tsx$/, '')]));
}

/**
 * The chunk a module of the first screens goes to (docs/decisions/054), or null (Rolldown's own splitting). Left alone,
 * Rolldown gives each set of lazy chunks that import a module a chunk of its own: a product's page came as 13 scripts,
 * 8 of them under 1 KB, each costing ~350 B of headers on the wire. Here a module that a set of first-screen pages
 * reach by static imports goes to the one chunk of that set of pages, whichever other lazy chunks (the cart, later
 * screens) import it too: a first screen still loads exactly the modules it needs, in fewer files. A later screen may
 * load a few modules it does not need with such a chunk, which a visit that began on a first screen has already.
 * Left to Rolldown: the entry's modules (the `index` group), what one page alone uses (its own chunk), what nothing
 * of a first screen reaches, what a page imports lazily (only static importers are followed), and the pages
 * themselves (the server finds a page's chunk in the manifest by its source). Each module's dependencies are reached
 * by the same pages or more, so a chunk here imports only chunks of larger sets: no cycle between them.
 */
function firstScreenGroup(pages: Map<string, string>, serverEntry: string) {
  const seen = new WeakMap<ChunkingContext, Map<string, string | null>>();
  return (id: string, ctx: ChunkingContext): string | null => {
    let memo = seen.get(ctx);
    if (!memo) {
      memo = new Map();
      seen.set(ctx, memo);
    }
    if (memo.has(id)) return memo.get(id)!;
    const name = pages.has(id) || ctx.getModuleInfo(serverEntry)?.isEntry ? null : chunkName(id, ctx, pages);
    memo.set(id, name);
    return name;
  };
}

/** The name of the chunk of the pages that reach `id` by static imports, or null (see firstScreenGroup). */
function chunkName(id: string, ctx: ChunkingContext, pages: Map<string, string>): string | null {
  const reached = new Set<string>();
  let elsewhere = false;
  const visited = new Set<string>();
  const up = [id];
  while (up.length) {
    const next = up.pop()!;
    if (visited.has(next)) continue;
    visited.add(next);
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    // Reached from the entry: the entry's (the `index` group takes it first).
    if (info.isEntry) return null;
    const page = pages.get(next);
    // Whatever imports a page loads all of its chunk anyway: a page ends the walk.
    if (page) reached.add(page);
    else {
      if (info.dynamicImporters.length) elsewhere = true;
      up.push(...info.importers);
    }
  }
  const names = [...reached].sort();
  if (!names.length || (names.length === 1 && !elsewhere)) return null;
  return names.length === 1 ? `${names[0]}-shared` : names.join('-');
}

export default defineConfig({
  plugins: [react(), precompressed()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src('./src/client')}/` },
      { find: /^@common\//, replacement: `${src('./src/common')}/` },
      // react-router's package exports name only its development build (no "production" condition), whose checks
      // and warnings run on every render: the route matching cost 46 ms of a 4x-throttled hydration
      // (docs/decisions/026). The builds take its production build, the same code without them; vitest keeps the
      // development one (vitest.config.ts), warnings included.
      { find: /^react-router$/, replacement: src('./node_modules/react-router/dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: src('./node_modules/react-router/dist/production/dom-export.mjs') },
    ],
  },
  // `vite build` builds both: the client (dist/client) and the server render of the first screens (dist/server,
  // src/client/entry-server.tsx, docs/decisions/022), so every build step (npm run build, npm start's prestart, the
  // tests' and benches' builds) gives the server what it renders with.
  builder: {},
  environments: {
    ssr: {
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        copyPublicDir: false,
        rolldownOptions: {
          input: { 'entry-server': src('./src/client/entry-server.tsx') },
          // The server imports locales/zh.ts statically (both languages), the client lazily: expected here.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The server reads which chunks and styles each screen needs (modulepreload, inlined CSS: plugins/client.ts).
    manifest: true,
    // Maps are written for error reporting but not referenced from the scripts, and the server never serves them.
    sourcemap: 'hidden',
    target: 'es2020',
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The shop's first load is one chunk: every module main.tsx imports statically (Rolldown's `$initial` tag),
          // whoever else imports it. Without this group, each entry module that a lazy chunk also imports (the back
          // office's session store, API client, layout hooks…) is moved out of the entry into a common chunk of its
          // own, and every such split adds bytes to the shop's first load (docs/decisions/013, "Loading the back
          // office"). Lazy chunks import what they share with the shop from this chunk instead.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: firstScreenGroup(firstScreenPages(), src('./src/client/entry-server.tsx')),
              debugName: 'first screens',
              priority: 1,
              // Each module goes where its own pages say: a dependency of a module here is reached by the same pages
              // or more, so it belongs to this chunk or to one this chunk imports.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': 'http://localhost:8080',
      '/v2': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
    },
  },
});
