import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { encodeCursor } from '../../src/server/catalog/cursor';
import { analyze, explain } from '../../src/server/catalog/explain';
import { type ListQuery, productPageQuery } from '../../src/server/catalog/repository';
import { createDb, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed/index';
import { seedSyntheticProducts } from '../../src/server/db/seed/synthetic';
import { firstLoad } from './bundle-size';
import { type LoadResult, runLoad, type Sample, summarize } from './load';

/**
 * Catalogue bench: a temp SQLite database with the demo shop plus 100,000 generated products, the real app
 * in its own process on port 8310, and a closed-loop load of page 1, a deep page (~page 500 through its
 * keyset cursor) and a bare route of the same server, in one run. Prints a table, the EXPLAIN plans of
 * the list queries, and the first-load JS of /products.
 *
 * Env: BENCH_PRODUCTS (100000), BENCH_SECONDS (6 per target), BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_PORT (8310).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 8310);
const PAGE = 20;
const DEEP_PAGE = 500;
/** A page near the end of 100,000 products. */
const LAST_PAGE = Math.max(DEEP_PAGE, Math.floor(PRODUCTS / PAGE) - 1);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function positionAt(db: Db, offset: number, categoryId?: number) {
  if (categoryId !== undefined) {
    const row = await db
      .selectFrom('product_categories')
      .select(['created_at', 'product_id as id'])
      .where('category_id', '=', categoryId)
      .orderBy('created_at', 'desc')
      .orderBy('product_id', 'desc')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
    return { createdAt: row.created_at, id: row.id };
  }
  const row = await db
    .selectFrom('products')
    .select(['created_at', 'id'])
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { createdAt: row.created_at, id: row.id };
}

export async function runCatalogBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-'));
  const file = join(dir, 'bench.sqlite');
  let server: ReturnType<typeof spawn> | undefined;
  try {
    // 1. The catalogue.
    const db = createDb({ kind: 'sqlite', location: file });
    await migrateToLatest(db);
    await seedDemo(db);
    const t = performance.now();
    await seedSyntheticProducts(db, PRODUCTS);
    await analyze(db);
    const total = (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    console.log(
      `catalogue: ${total} products (generated ${PRODUCTS} in ${((performance.now() - t) / 1000).toFixed(1)} s), SQLite ${file}`,
    );

    const allTeas = (
      await db.selectFrom('categories').select('id').where('slug', '=', 'all-teas').executeTakeFirstOrThrow()
    ).id;
    const black = (await db.selectFrom('tags').select('id').where('slug', '=', 'black').executeTakeFirstOrThrow()).id;
    const deep = await positionAt(db, DEEP_PAGE * PAGE - 1);
    const deepCategory = await positionAt(db, DEEP_PAGE * PAGE - 1, allTeas);

    // 2. The plans.
    const shapes: Array<[string, ListQuery]> = [
      ['all, page 1', { tagIds: [], order: 'newest', after: null, take: PAGE + 1 }],
      [`all, page ${DEEP_PAGE}`, { tagIds: [], order: 'newest', after: deep, take: PAGE + 1 }],
      [
        `category all-teas, page ${DEEP_PAGE}`,
        { categoryId: allTeas, tagIds: [], order: 'newest', after: deepCategory, take: PAGE + 1 },
      ],
      ['type black, oldest first, deep', { tagIds: [black], order: 'oldest', after: deep, take: PAGE + 1 }],
      [
        'category + type',
        { categoryId: allTeas, tagIds: [black], order: 'newest', after: deepCategory, take: PAGE + 1 },
      ],
    ];
    console.log('\nEXPLAIN QUERY PLAN of the list queries:');
    for (const [name, q] of shapes) {
      const plan = await explain(db, productPageQuery(db, 'en', q).compile());
      console.log(`  ${name}:`);
      for (const line of plan) console.log(`    ${line}`);
    }
    // In-process query cost (no HTTP), as CPU time per query (less disturbed by other work on the machine
    // than wall time): keyset pages 1, 500 and 5000 next to the same pages read with OFFSET, which keyset avoids.
    const cpu = async (run: () => Promise<unknown>, times = 300) => {
      const before = process.cpuUsage();
      for (let i = 0; i < times; i++) await run();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000 / times;
    };
    console.log('\nquery alone (no HTTP), CPU ms per query:');
    for (const [name, q] of shapes) {
      console.log(`  ${name.padEnd(38)} ${(await cpu(() => productPageQuery(db, 'en', q).execute())).toFixed(3)}`);
    }
    const deepest = await positionAt(db, LAST_PAGE * PAGE - 1);
    const byDepth: Array<[number, typeof deep | null]> = [
      [1, null],
      [DEEP_PAGE, deep],
      [LAST_PAGE, deepest],
    ];
    console.log('\n  page      keyset (cursor)   OFFSET');
    for (const [pageNo, pos] of byDepth) {
      const keyset = await cpu(() =>
        productPageQuery(db, 'en', { tagIds: [], order: 'newest', after: pos, take: PAGE + 1 }).execute(),
      );
      const offset = await cpu(
        () =>
          productPageQuery(db, 'en', { tagIds: [], order: 'newest', after: null, take: PAGE + 1 })
            .offset((pageNo - 1) * PAGE)
            .execute(),
        pageNo === 1 ? 300 : 30,
      );
      console.log(`  ${pad(pageNo, 4)}  ${pad(keyset.toFixed(3), 12)} ms  ${pad(offset.toFixed(3), 9)} ms`);
    }
    await db.destroy();

    // 3. The server, in its own process so the load generator does not share its event loop.
    server = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'tests/bench/catalog-server.ts'), file, String(PORT)],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bench server did not start in 30 s')), 30_000);
      server?.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server?.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
    });

    const form = (fields: Record<string, string>) =>
      new URLSearchParams({ lang: 'en', is_frontend: '1', ...fields }).toString();
    const targets = [
      { name: 'GET /bench/bare', method: 'GET' as const, path: '/bench/bare' },
      {
        name: 'list, page 1',
        method: 'POST' as const,
        path: '/v2/get-product-list',
        body: form({ limit: String(PAGE) }),
      },
      {
        name: `list, page ${DEEP_PAGE} (cursor)`,
        method: 'POST' as const,
        path: '/v2/get-product-list',
        body: form({ limit: String(PAGE), cursor: encodeCursor(deep) }),
      },
      {
        name: 'category all-teas, page 1',
        method: 'POST' as const,
        path: '/v2/get-product-list',
        body: form({ limit: String(PAGE), category: 'all-teas' }),
      },
      {
        name: `category all-teas, page ${DEEP_PAGE}`,
        method: 'POST' as const,
        path: '/v2/get-product-list',
        body: form({ limit: String(PAGE), category: 'all-teas', cursor: encodeCursor(deepCategory) }),
      },
    ];
    // Each answer is checked once before it is measured.
    for (const target of targets) {
      const res = await fetch(`http://127.0.0.1:${PORT}${target.path}`, {
        method: target.method,
        ...(target.body ? { body: target.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
      });
      const json = (await res.json()) as { success: boolean; data: { products?: unknown[] } | null };
      if (!res.ok || !json.success) throw new Error(`${target.name} answered ${res.status}`);
      if (target.method === 'POST' && json.data?.products?.length !== PAGE)
        throw new Error(`${target.name}: not a full page`);
    }

    const [load1] = loadavg();
    console.log(
      `\nload: machine load average ${load1?.toFixed(1)} on ${cpus().length} cores; ${CONNECTIONS} connections, ${SECONDS} s per target in ${ROUNDS} interleaved rounds (so background load hits all alike), keep-alive, 0.5 s warm-up per round`,
    );
    const samples = targets.map(() => [] as Sample[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        samples[i]!.push(
          await runLoad({ host: '127.0.0.1', port: PORT }, target, {
            connections: CONNECTIONS,
            seconds: SECONDS / ROUNDS,
          }),
        );
      }
    }
    const results: LoadResult[] = targets.map((target, i) => summarize(target.name, samples[i]!));
    console.log(
      `\n${'target'.padEnd(34)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('requests', 10)}${pad('errors', 8)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(34)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50.toFixed(2), 9)}${pad(r.p99.toFixed(2), 9)}${pad(r.max.toFixed(1), 9)}${pad(r.requests, 10)}${pad(r.errors, 8)}`,
      );
    }
    const page1 = results[1]!;
    const page500 = results[2]!;
    console.log(
      `\ndeep page / page 1 throughput: ${(page500.rps / page1.rps).toFixed(2)} (1.00 means a deep page costs what page 1 does)`,
    );

    // 4. First-load JS of /products.
    const dist = join(root, 'dist/client');
    // The same step as `npm start`'s prestart: build the client when it is missing or older than its sources.
    spawnSync(process.execPath, [join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'ignore' });
    try {
      const fl = firstLoad(dist, 'src/client/features/catalog/pages/ProductListPage.tsx', 'ProductListPage');
      const sum = (xs: { gzip: number }[]) => xs.reduce((s, x) => s + x.gzip, 0);
      const rawSum = (xs: { raw: number }[]) => xs.reduce((s, x) => s + x.raw, 0);
      console.log(`\nfirst load of /products (gzip -9, from ${fl.source}; ${dist}):`);
      console.log(
        `  entry + modulepreloads: ${fl.entry.length} files, ${kb(sum(fl.entry))} gzip (${kb(rawSum(fl.entry))} raw)`,
      );
      for (const c of fl.entry.sort((a, b) => b.gzip - a.gzip).slice(0, 6))
        console.log(`    ${c.file.padEnd(44)} ${pad(kb(c.gzip), 10)}`);
      console.log(
        `  ProductListPage chunk + its static imports: ${fl.route.length} files, ${kb(sum(fl.route))} gzip (${kb(rawSum(fl.route))} raw)`,
      );
      for (const c of fl.route.sort((a, b) => b.gzip - a.gzip))
        console.log(`    ${c.file.padEnd(44)} ${pad(kb(c.gzip), 10)}`);
      console.log(
        `  JS total: ${kb(sum(fl.entry) + sum(fl.route))} gzip; CSS: ${kb(sum(fl.css))} gzip (${fl.css.length} files)`,
      );
    } catch (err) {
      console.log(`\nfirst load of /products: no build in ${dist} (run npm run build): ${(err as Error).message}`);
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx tests/bench/catalog.ts` (npm run bench:catalog) runs it; tests/bench/run.ts imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCatalogBench().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
