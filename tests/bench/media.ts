import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { dbStore } from '../../src/server/files/db-store';
import { storeImage } from '../../src/server/files/images';
import { diskStore, type FileStore } from '../../src/server/files/store';
import { canConnect, createPgDatabase } from '../setup/postgres';

/**
 * `/media` bench (`npm run bench:media`, docs/decisions/023): GET of product images through the whole app (Fastify
 * inject, headers, streaming), from the disk store (before docs/decisions/023), the database store without its image
 * cache, and the database store with it (the default), on SQLite and PostgreSQL. 20 different images (a product list's
 * cards), each about 150 KB, read BENCH_ROUNDS (25) times over at concurrency 1 and 8. Prints reads per second and
 * p50/p99. PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a temporary database is
 * dropped after.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const IMAGES = 20;

/** A noisy photo-like picture of about 150 KB as a 1280 WebP (noise does not compress). */
async function picture(seed: number): Promise<Buffer> {
  const width = 480;
  const height = 320;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (x >> 16) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(label: string, db: Db, dbUrl: string, store: (db: Db, dir: string) => FileStore) {
  const dir = mkdtempSync(join(tmpdir(), 'leafcup-bench-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: dbUrl,
    CLIENT_DIST: join(dir, 'none'),
    UPLOAD_DIR: join(dir, 'uploads'),
  });
  // The store under test is given to the app (FILES_URL only offers the database and disk stores with the cache on).
  const files = store(db, join(dir, 'uploads'));
  const app = await buildApp({ config, db, files });
  await app.ready();
  const urls: string[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const stored = await storeImage(files, await picture(i));
    urls.push(stored.url.replace('-640.webp', '-1280.webp'));
  }
  const size = (await app.inject({ method: 'GET', url: urls[0]! })).rawPayload.length;
  // The store alone (get + read the stream), one at a time: what the route adds to its own work.
  const keys = urls.map((u) => u.slice('/media/'.length));
  const storeTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of keys) {
      const t0 = performance.now();
      const file = await files.get(key);
      for await (const _ of file!.stream) {
        // read it all
      }
      storeTimes.push(performance.now() - t0);
    }
  }
  storeTimes.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(40)} store.get  p50 ${pct(storeTimes, 0.5).toFixed(2)} ms  p99 ${pct(storeTimes, 0.99).toFixed(2)} ms`,
  );
  for (const concurrency of [1, 8]) {
    const times: number[] = [];
    const queue = Array.from({ length: ROUNDS }, () => urls).flat();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let url = queue.pop(); url; url = queue.pop()) {
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url });
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
          times.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(40)} c=${concurrency}  ${String(Math.round(times.length / seconds)).padStart(5)} reads/s  ` +
        `p50 ${pct(times, 0.5).toFixed(2)} ms  p99 ${pct(times, 0.99).toFixed(2)} ms  (${(size / 1024).toFixed(0)} KB each)`,
    );
  }
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

const stores: [string, (db: Db, dir: string) => FileStore][] = [
  ['disk (before)', (_db, dir) => diskStore(dir)],
  ['database, no image cache', (db) => dbStore(db, { imageCacheBytes: 0 })],
  ['database + image LRU (default)', (db) => dbStore(db)],
];

async function main() {
  const sqliteDir = mkdtempSync(join(tmpdir(), 'leafcup-bench-sqlite-'));
  try {
    for (const [name, store] of stores) {
      const file = join(sqliteDir, `${name.replace(/\W+/g, '-')}.sqlite`);
      const db = createDb({ kind: 'sqlite', location: file });
      await migrateToLatest(db);
      await measure(`sqlite  ${name}`, db, `file:${file}`, store);
      await db.destroy();
    }
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if ((await canConnect(admin)) !== true) {
    console.log('PostgreSQL: none answers at TEST_DATABASE_URL; skipped');
    return;
  }
  for (const [name, store] of stores) {
    const database = await createPgDatabase(admin);
    const db = createDb({ kind: 'postgres', location: database.url });
    try {
      await migrateToLatest(db);
      await measure(`pg      ${name}`, db, database.url, store);
    } finally {
      await db.destroy();
      await database.drop();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
