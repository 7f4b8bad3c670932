import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app';
import { loadConfig } from '../../../../src/server/config';
import { createDb, type Db } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { run } from '../../../../src/server/operator/cli';
import { seedDemo } from '../../../../src/server/seed/index';
import { createShop } from '../../../../src/server/shop';
import { createProduct } from '../../../factories/products';
import { dialects, freshDatabase, type TestDatabase } from '../../helper';
import { customer, JPEG, PROVIDER_ENV, placeOrder, STORED_JPEG } from '../orders/support';

// Two apps on one database, each with its own (empty) upload folder and its own database handle, as two instances
// are: a file stored through one is served by the other (docs/decisions/023). Before that record the receipt was on
// the first one's disk and the second answered 404. The two-process version is several-instances.test.ts.

describe.each(dialects)('files shared by two apps on one %s database', (dialect) => {
  let database: TestDatabase;
  const apps: { app: FastifyInstance; db: Db; dir: string }[] = [];
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await migrateToLatest(database.db);
    await seedDemo(database.db);
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'leafcup-instance-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: database.url,
        CLIENT_DIST: join(dir, 'no-client'),
        UPLOAD_DIR: join(dir, 'uploads'),
        ...PROVIDER_ENV,
      });
      const db =
        dialect === 'sqlite'
          ? createDb({ kind: 'sqlite', location: database.url.slice('file:'.length) })
          : createDb({ kind: 'postgres', location: database.url }, { poolSize: 3 });
      const app = await buildApp({ config, db });
      await app.ready();
      apps.push({ app, db, dir });
    }
  });
  afterAll(async () => {
    for (const a of apps) {
      await a.app.close();
      await a.db.destroy();
      rmSync(a.dir, { recursive: true, force: true });
    }
    await database?.close();
  });

  it('a receipt uploaded through one is served by the other, and neither keeps it on its disk', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const { product, variants } = await createProduct(database.db, { stock: 10 });
    const c = await customer(database.db);
    const placed = await placeOrder(
      a.app,
      c,
      {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
        payment_reference: 'REF-1',
      },
      { bytes: JPEG, name: 'receipt.jpg' },
    );
    expect(placed.status, placed.body.message).toBe(200);
    const url = placed.body.data.order.receipt_url!;
    for (const { app } of [b, a]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(STORED_JPEG)).toBe(true);
    }
    for (const { dir } of apps) expect(readdirSync(dir)).not.toContain('uploads');

    // The operator's command line reads it from the store too.
    const out = join(a.dir, 'receipt.jpg');
    const lines: string[] = [];
    const cli = await createShop({ db: database.db, config: a.app.config });
    await run(cli, ['receipt', placed.body.data.order.order_no, '--out', out], (l) => lines.push(l));
    expect(lines.join()).toMatch(/^Wrote the receipt of LC-\S+ \(image\/jpeg, \d+ bytes\) to /);
    expect(readFileSync(out).equals(STORED_JPEG)).toBe(true);
  });

  it('an image stored through one is served by the other', async () => {
    const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const key = `images/${'e'.repeat(32)}-320.webp`;
    await a.app.files.put(key, Buffer.from('RIFF....WEBP'));
    const res = await b.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString()).toBe('RIFF....WEBP');
  });
});
