import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { CatalogueImportReport } from '../../../../src/common/contract/admin/catalogue-io';
import type { Db } from '../../../../src/server/db/connection';
import { createProduct } from '../../../factories/products';
import { dialects, formEncode, post, type TestApp } from '../../helper';
import { PNG, postMultipart } from '../orders/support';
import { stockTotalDrift } from '../stock/invariants';
import { type Crew, runCli, withStaffApp } from './support';

/** The test app's upload limit: small, so the oversize refusal is quick to reach. */
const MAX_UPLOAD = 256 * 1024;

type Csv = Record<string, string>[];

/** Reads a CSV as the import does (BOM dropped) into rows by column. */
const readCsv = (text: string): Csv => parse(text, { bom: true, columns: true });
const writeCsv = (rows: Array<Record<string, string | undefined>>, columns = Object.keys(rows[0]!)) =>
  stringify(rows, { header: true, columns });

describe.each(dialects)('catalogue CSV import and export on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const exportCsv = async (token = crew.manager.token) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/catalogue/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      payload: formEncode({ lang: 'en' }),
    });
    return res;
  };
  const exported = async () => (await exportCsv()).body;
  const importCsv = (
    csv: string | Uint8Array,
    { dryRun = false, token = crew.manager.token, name = 'prices.csv' } = {},
  ) =>
    postMultipart<CatalogueImportReport>(
      t.app,
      '/admin/catalogue/import',
      { dry_run: dryRun ? 1 : 0, file_name: name },
      { field: 'file', bytes: typeof csv === 'string' ? Buffer.from(csv) : csv, type: 'text/csv', name },
      token,
    );

  /** Everything an import could write, to prove a refused one wrote nothing. */
  const state = async (db: Db) => {
    const count = async (table: 'products' | 'product_variants' | 'stock_movements' | 'audit_log') =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const variants = await db
      .selectFrom('product_variants')
      .select(['id', 'name_en', 'price_cents', 'discount_price_cents', 'stock', 'is_retired'])
      .orderBy('id')
      .execute();
    const products = await db
      .selectFrom('products')
      .select(['id', 'name_en', 'name_zh', 'is_active', 'stock_state', 'price_cents', 'stock_total'])
      .orderBy('id')
      .execute();
    return {
      products: await count('products'),
      variants: await count('product_variants'),
      movements: await count('stock_movements'),
      audit: await count('audit_log'),
      rows: { variants, products },
    };
  };

  /** A product of its own for a test, exported as CSV rows (its first row carries the product's columns). */
  const ownProduct = async (spec: Parameters<typeof createProduct>[1] = {}) => {
    const created = await createProduct(t.db, {
      variants: [
        { name: '50 g', price: 1500, stock: 20 },
        { name: '100 g', price: 2800, discountPrice: 2500, stock: 8 },
      ],
      ...spec,
    });
    const rows = readCsv(await exported()).filter((r) => r.product_slug === created.product.slug);
    return { ...created, rows };
  };

  it('answers 401 without a session and 403 to a customer or fulfilment on both paths; managers and owners may', async () => {
    const csv = await exported();
    for (const path of ['/admin/catalogue/import', '/admin/catalogue/export'] as const) {
      expect((await post(t.app, path, {})).status, path).toBe(401);
      for (const who of [crew.customer, crew.fulfilment]) {
        expect((await post(t.app, path, {}, { token: who.token })).status, path).toBe(403);
      }
    }
    expect((await importCsv(csv, { dryRun: true, token: crew.customer.token })).status).toBe(403);
    expect((await importCsv(csv, { dryRun: true, token: crew.fulfilment.token })).status).toBe(403);
    for (const who of [crew.manager, crew.owner]) {
      expect((await exportCsv(who.token)).statusCode).toBe(200);
      expect((await importCsv(csv, { dryRun: true, token: who.token })).status).toBe(200);
    }
  });

  it('exports every product as UTF-8 CSV with a BOM, its columns on its first row, formula cells made safe', async () => {
    const { product } = await createProduct(t.db, { name: '=HYPERLINK("http://evil.example","Tea")' });
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFFproduct_slug,name_en,name_zh,')).toBe(true);
    const rows = readCsv(res.body);
    const variants = await t.db.selectFrom('product_variants').select('id').execute();
    expect(rows).toHaveLength(variants.length);
    const mine = rows.find((r) => r.product_slug === product.slug)!;
    expect(mine.name_en).toBe(`'=HYPERLINK("http://evil.example","Tea")`);
    // Read back, the quote comes off again: nothing to change.
    const dry = await importCsv(writeCsv([mine]), { dryRun: true });
    expect(dry.body.data.problems).toEqual([]);
    expect(dry.body.data.changes_total).toBe(0);
  });

  it('an exported file read back is a dry run with nothing to change, and applying it changes nothing', async () => {
    await ownProduct();
    // A product stored "out of stock" is on sale in the file: put on sale, it is "in stock" again (like the
    // product form; the shop shows "out of stock" by itself while it has no units). Only that changes, once.
    const { product: stale } = await createProduct(t.db, { stockState: 'out_of_stock', stock: 3 });
    const first = await importCsv(await exported(), { dryRun: true });
    expect(first.body.data.problems).toEqual([]);
    const storedOut = await t.db
      .selectFrom('products')
      .select('slug')
      .where('stock_state', '=', 'out_of_stock')
      .execute();
    expect(first.body.data.changes.map((c) => [c.product_slug, c.fields])).toEqual(
      storedOut.map((p) => [p.slug, [{ field: 'stock_state', before: 'out_of_stock', after: 'in_stock' }]]),
    );
    expect(storedOut.map((p) => p.slug)).toContain(stale.slug);
    expect((await importCsv(await exported())).body.data.applied).toBe(true);

    const csv = await exported();
    const before = await state(t.db);
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, applied: false, changes: [], changes_total: 0, problems: [] });
    expect(dry.body.data.summary).toMatchObject({ products_created: 0, products_updated: 0, stock_changes: 0 });
    expect(dry.body.message).toBe('Checked: 0 bad rows');
    const applied = await importCsv(csv);
    expect(applied.body.data.applied).toBe(true);
    const after = await state(t.db);
    expect(after.rows).toEqual(before.rows);
    expect(after.movements).toBe(before.movements);
  });

  it('a dry run lists exactly what would change, before → after, and writes nothing', async () => {
    const { product, variants, rows } = await ownProduct();
    rows[0]!.name_zh = '新名字';
    rows[0]!.price = '16.00';
    rows[1]!.stock_change = '+5';
    const added = {
      ...rows[1]!,
      packaging_id: '',
      packaging_en: '250 g',
      packaging_zh: '250克',
      price: '60',
      discount_price: '',
      stock_at_export: '',
      stock_change: '',
      stock_count: '12',
    };
    const before = await state(t.db);
    const dry = await importCsv(writeCsv([...rows, added]), { dryRun: true });
    expect(dry.body.data.problems).toEqual([]);
    expect(dry.body.data.changes).toEqual([
      {
        line: 2,
        action: 'product_update',
        product_slug: product.slug,
        packaging: null,
        packaging_id: null,
        fields: [{ field: 'name_zh', before: product.name_zh, after: '新名字' }],
      },
      {
        line: 2,
        action: 'packaging_update',
        product_slug: product.slug,
        packaging: '50 g',
        packaging_id: variants[0]!.id,
        fields: [{ field: 'price_cents', before: '15.00', after: '16.00' }],
      },
      {
        line: 3,
        action: 'packaging_update',
        product_slug: product.slug,
        packaging: '100 g',
        packaging_id: variants[1]!.id,
        fields: [{ field: 'stock', before: '8', after: '13' }],
      },
      {
        line: 4,
        action: 'packaging_add',
        product_slug: product.slug,
        packaging: '250 g',
        packaging_id: null,
        fields: [
          { field: 'name_en', before: null, after: '250 g' },
          { field: 'name_zh', before: null, after: '250克' },
          { field: 'price_cents', before: null, after: '60.00' },
          { field: 'discount_price_cents', before: null, after: null },
          { field: 'stock', before: '0', after: '12' },
        ],
      },
    ]);
    expect(dry.body.data.summary).toEqual({
      rows: 3,
      products_created: 0,
      products_updated: 1,
      packagings_added: 1,
      packagings_updated: 2,
      packagings_retired: 0,
      stock_changes: 2,
      units_added: 17,
      units_removed: 0,
    });
    expect(await state(t.db)).toEqual(before);
  });

  it('one bad row among good ones: applying writes nothing at all, and the answer names every bad line and why', async () => {
    const { rows } = await ownProduct();
    const good = {
      ...rows[0]!,
      product_slug: 'imported-oolong',
      packaging_id: '',
      stock_at_export: '',
      stock_count: '10',
      name_en: 'Imported Oolong',
      state: 'hidden',
    };
    rows[0]!.price = '16.005';
    rows[0]!.categories = 'all-teas|no-such-category';
    rows[1]!.stock_change = '-9';
    const before = await state(t.db);
    const res = await importCsv(writeCsv([good, ...rows]));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Nothing was imported: 3 bad rows');
    expect(res.body.data.applied).toBe(false);
    expect(res.body.data.problems).toEqual([
      { line: 3, column: 'categories', message: 'No category has the slug “no-such-category”' },
      { line: 3, column: 'price', message: 'Use dollars from 0.01 to 1000000.00 with at most 2 decimals (e.g. 12.50)' },
      { line: 4, column: 'stock_change', message: 'Only 8 in stock: a change of -9 would go below zero' },
    ]);
    expect(await state(t.db)).toEqual(before);
    const created = await t.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'imported-oolong')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('applies a good file: creates and updates, moves stock by the change through the stock history, audits it', async () => {
    const { product, variants, rows } = await ownProduct();
    rows[0]!.state = 'coming_soon';
    rows[0]!.tags = '';
    rows[1]!.stock_change = '-3';
    rows[1]!.discount_price = '';
    const fresh = [
      {
        ...rows[0]!,
        product_slug: 'csv-new-tea',
        name_en: 'CSV New Tea',
        name_zh: '新茶',
        // Hidden: the CSV carries no image, and the shop shows no product without one.
        state: 'hidden',
        categories: 'all-teas',
        packaging_id: '',
        packaging_en: '25 g',
        packaging_zh: '25克',
        price: '9.5',
        discount_price: '8',
        stock_at_export: '',
        stock_count: '',
        stock_change: '+40',
        retired: 'no',
      },
    ];
    const audits = (await state(t.db)).audit;
    const res = await importCsv(writeCsv([...rows, ...fresh]), { name: 'spring.csv' });
    expect(res.body.data.problems).toEqual([]);
    expect(res.body.data.applied).toBe(true);
    expect(res.body.message).toBe('Imported: 2 products and 2 packagings changed, 2 stock changes');

    const updated = await t.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(updated).toMatchObject({
      stock_state: 'coming_soon',
      is_active: 1,
      stock_total: 25,
      price_cents: 1500,
      discount_price_cents: null,
    });
    const v1 = await t.db
      .selectFrom('product_variants')
      .selectAll()
      .where('id', '=', variants[1]!.id)
      .executeTakeFirstOrThrow();
    expect(v1).toMatchObject({ stock: 5, discount_price_cents: null, price_cents: 2800 });

    const created = await t.db
      .selectFrom('products')
      .selectAll()
      .where('slug', '=', 'csv-new-tea')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      name_en: 'CSV New Tea',
      name_zh: '新茶',
      is_active: 0,
      stock_state: 'in_stock',
      price_cents: 950,
      discount_price_cents: 800,
      stock_total: 40,
    });
    const pack = await t.db.selectFrom('product_variants').selectAll().where('product_id', '=', created.id).execute();
    expect(pack).toMatchObject([{ name_en: '25 g', stock: 40, is_retired: 0 }]);
    const cats = await t.db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select('c.slug')
      .where('pc.product_id', '=', created.id)
      .execute();
    expect(cats.map((c) => c.slug)).toEqual(['all-teas']);

    const moves = await t.db
      .selectFrom('stock_movements')
      .select(['packaging_id', 'delta', 'stock_after', 'source', 'reason', 'user_id'])
      .where('product_id', 'in', [product.id, created.id])
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      {
        packaging_id: variants[1]!.id,
        delta: -3,
        stock_after: 5,
        source: 'import',
        reason: 'Import spring.csv',
        user_id: crew.manager.user.id,
      },
      {
        packaging_id: pack[0]!.id,
        delta: 40,
        stock_after: 40,
        source: 'new',
        reason: 'Import spring.csv',
        user_id: crew.manager.user.id,
      },
    ]);
    const log = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'catalogue.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor: crew.manager.user.email, source: 'admin', entity: 'catalogue' });
    expect(JSON.parse(log.after_json!)).toMatchObject({
      file: 'spring.csv',
      products_created: 1,
      products_updated: 1,
      packagings_added: 1,
      stock_changes: 2,
      created: ['csv-new-tea'],
      updated: [product.slug],
      packaging_ids: [variants[1]!.id, pack[0]!.id],
    });
    // One entry for the import (each stock change is in the stock history above).
    expect((await state(t.db)).audit).toBe(audits + 1);

    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('stock_count sets the count only while the stock is what it was at export; else the row is refused', async () => {
    const { variants, rows } = await ownProduct();
    rows[0]!.stock_count = '30';
    // Not moved since the export: 20 → 30, a change of +10.
    const ok = await importCsv(writeCsv(rows));
    expect(ok.body.data.problems).toEqual([]);
    expect(ok.body.data.changes[0]!.fields).toEqual([{ field: 'stock', before: '20', after: '30' }]);
    const stockOf = async (id: number) =>
      (await t.db.selectFrom('product_variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
    expect(await stockOf(variants[0]!.id)).toBe(30);
    // The same file again: the stock is 30 now, not 20 as at export; an order in between is never undone.
    const again = await importCsv(writeCsv(rows));
    expect(again.body.data.applied).toBe(false);
    expect(again.body.data.problems).toEqual([
      {
        line: 2,
        column: 'stock_count',
        message:
          'The stock is 30 now, not 20 as when exported (orders or changes since): give a stock_change instead, or export again',
      },
    ]);
    expect(await stockOf(variants[0]!.id)).toBe(30);
  });

  it('retires a packaging (its stock taken out) and refuses to leave a product with none on sale', async () => {
    const { variants, rows } = await ownProduct();
    rows[1]!.retired = 'yes';
    const res = await importCsv(writeCsv(rows));
    expect(res.body.data.problems).toEqual([]);
    expect(res.body.data.summary.packagings_retired).toBe(1);
    const v = await t.db
      .selectFrom('product_variants')
      .selectAll()
      .where('id', '=', variants[1]!.id)
      .executeTakeFirstOrThrow();
    expect(v).toMatchObject({ is_retired: 1, stock: 0 });
    rows[0]!.retired = 'yes';
    const last = await importCsv(writeCsv(rows), { dryRun: true });
    expect(last.body.data.problems).toEqual([
      {
        line: 2,
        column: 'retired',
        message: 'The product would have no packaging on sale: keep one, or hide the product',
      },
    ]);
    rows[0]!.retired = 'no';
    rows[1]!.retired = 'no';
    const back = await importCsv(writeCsv(rows), { dryRun: true });
    expect(back.body.data.problems).toEqual([
      { line: 3, column: 'retired', message: 'A retired packaging is never sold again: add a new packaging instead' },
    ]);
  });

  it('lists every kind of bad row with its line, not just the first', async () => {
    const { rows } = await ownProduct();
    const other = await ownProduct();
    const bad = [
      { ...rows[0]!, name_zh: '' },
      { ...rows[1]!, packaging_id: rows[0]!.packaging_id },
      { ...rows[1]!, product_slug: rows[0]!.product_slug, packaging_id: other.rows[0]!.packaging_id },
      { ...rows[1]!, packaging_id: '99999999', state: 'sold_out', discount_price: '30' },
      { ...rows[1]!, packaging_id: '', packaging_en: '50 g', stock_at_export: '' },
      { ...rows[1]!, stock_change: 'lots', available_ph: 'maybe', low_stock_threshold: '-1' },
    ];
    const res = await importCsv(writeCsv(bad), { dryRun: true });
    const lines = res.body.data.problems.map((p) => `${p.line} ${p.column}: ${p.message}`);
    expect(lines).toEqual([
      '2 name_zh: Required',
      `3 packaging_id: Packaging ${rows[0]!.packaging_id} is on line 2 too`,
      `4 packaging_id: Packaging ${other.rows[0]!.packaging_id} belongs to the product ${other.product.slug}`,
      '5 state: Differs from line 2: give a product’s columns once, or the same on each of its rows',
      '5 packaging_id: No packaging has the id 99999999',
      `6 packaging_en: The product already has a packaging named “50 g” (id ${rows[0]!.packaging_id}): give its packaging_id`,
      '7 available_ph: Differs from line 2: give a product’s columns once, or the same on each of its rows',
      '7 low_stock_threshold: Use a whole number from 0 to 100000, or leave it blank for the shop’s default',
      '7 stock_change: Use a whole change such as +5 or -3, at most 100000 either way',
    ]);
    expect(res.body.data.problems_total).toBe(lines.length);
  });

  it('refuses a file that is not the catalogue CSV with a clear message, and one over the size limit', async () => {
    const png = await importCsv(PNG, { dryRun: true });
    expect(png.status).toBe(422);
    expect(png.body.message).toBe(
      'This file is not a CSV text file (UTF-8): save it from the spreadsheet as “CSV UTF-8”',
    );
    const header = await importCsv('name,price\nTea,12.00\n', { dryRun: true });
    expect(header.status).toBe(422);
    expect(header.body.message).toMatch(
      /^The header lacks the columns product_slug, name_en, name_zh, .*: start from an exported file$/,
    );
    const broken = await importCsv(`${(await exported()).split('\n')[0]}\n"unclosed,quote\n`, { dryRun: true });
    expect(broken.status).toBe(422);
    expect(broken.body.message).toMatch(/^This file is not a CSV the shop can read \(line \d+\): /);
    const empty = await importCsv(`${(await exported()).split('\n')[0]}\n`, { dryRun: true });
    expect(empty.body.message).toBe('The file has no rows under its header');
    const big = await importCsv(`${await exported()}${'x'.repeat(MAX_UPLOAD)}`, { dryRun: true });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is larger than 256 KB: split it into smaller files');
    const none = await post(t.app, '/admin/catalogue/import', { dry_run: 1 }, { token: crew.manager.token });
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/file/);
  });

  it('the command line exports, checks and imports the same CSV, listing changes and bad rows', async () => {
    const { variants, product } = await ownProduct();
    const dir = mkdtempSync(join(tmpdir(), 'leafcup-csv-'));
    try {
      const file = join(dir, 'catalogue.csv');
      expect(await runCli(t, 'export-csv', file)).toBe(`Exported the catalogue to ${file}.`);
      const rows = readCsv(readFileSync(file, 'utf8'));
      const mine = rows.filter((r) => r.product_slug === product.slug);
      mine[0]!.stock_change = '+4';
      writeFileSync(file, writeCsv(mine));
      const dry = await runCli(t, 'import-csv', file, '--dry-run');
      expect(dry.split('\n')).toEqual([
        '2 rows: 0 products to create, 0 to update; 0 packagings to add, 1 to update, 0 to retire; 1 stock changes (+4 / -0 units).',
        `  line 2  packaging update  ${product.slug} / 50 g  stock: 20 → 24`,
        'Dry run: nothing was written.',
      ]);
      expect(await runCli(t, 'import-csv', file)).toMatch(/Imported catalogue\.csv in \d+ ms\.$/);
      const stock = await t.db
        .selectFrom('product_variants')
        .select('stock')
        .where('id', '=', variants[0]!.id)
        .executeTakeFirstOrThrow();
      expect(stock.stock).toBe(24);
      mine[1]!.price = 'free';
      writeFileSync(file, writeCsv(mine));
      await expect(runCli(t, 'import-csv', file)).rejects.toThrow('Nothing was imported: 1 bad rows.');
      writeFileSync(file, 'not,a,catalogue\n1,2,3\n');
      await expect(runCli(t, 'import-csv', file)).rejects.toThrow(/^The header lacks the columns product_slug/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a category or tag repeated in a cell is one link: the dry run and the apply agree (never a 500)', async () => {
    const { product, rows } = await ownProduct();
    rows[0]!.categories = 'all-teas|best-sellers|ALL-TEAS';
    rows[0]!.tags = 'black| black |fruity';
    const dry = await importCsv(writeCsv(rows), { dryRun: true });
    expect(dry.body.data.problems).toEqual([]);
    const res = await importCsv(writeCsv(rows));
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.applied).toBe(true);
    const links = await t.db
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select('c.slug')
      .where('pc.product_id', '=', product.id)
      .orderBy('c.slug')
      .execute();
    expect(links.map((l) => l.slug)).toEqual(['all-teas', 'best-sellers']);
    const tags = await t.db.selectFrom('product_tags').select('tag_id').where('product_id', '=', product.id).execute();
    expect(tags).toHaveLength(2);
  });

  it('prices follow the product form’s rule: 0.01 to 1000000.00, a discount below the price (never a 500)', async () => {
    const { variants, rows } = await ownProduct();
    const before = await state(t.db);
    const bad = [
      { ...rows[0]!, price: '25000000' },
      { ...rows[1]!, price: '0.00', discount_price: '' },
    ];
    const res = await importCsv(writeCsv(bad));
    expect(res.status).toBe(200);
    expect(res.body.data.applied).toBe(false);
    const range = 'Use dollars from 0.01 to 1000000.00 with at most 2 decimals (e.g. 12.50)';
    expect(res.body.data.problems).toEqual([
      { line: 2, column: 'price', message: range },
      { line: 3, column: 'price', message: range },
    ]);
    const discount = await importCsv(writeCsv([{ ...rows[0]!, discount_price: '99999999.99' }]), { dryRun: true });
    expect(discount.body.data.problems).toEqual([{ line: 2, column: 'discount_price', message: range }]);
    expect(await state(t.db)).toEqual(before);
    // The highest price is taken, and stored as it is.
    const top = await importCsv(writeCsv([{ ...rows[0]!, price: '1,000,000.00' }]));
    expect(top.body.data.applied).toBe(true);
    const row = await t.db
      .selectFrom('product_variants')
      .select('price_cents')
      .where('id', '=', variants[0]!.id)
      .executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(100_000_000);
  });

  it('a retired packaging’s stock never changes by import, and the total counts packagings on sale only', async () => {
    const { product, variants, rows } = await ownProduct();
    rows[1]!.retired = 'yes';
    expect((await importCsv(writeCsv(rows))).body.data.applied).toBe(true);
    const total = async () =>
      (await t.db.selectFrom('products').select('stock_total').where('id', '=', product.id).executeTakeFirstOrThrow())
        .stock_total;
    expect(await total()).toBe(20);
    const again = readCsv(await exported()).filter((r) => r.product_slug === product.slug);
    const retired = again.find((r) => r.packaging_id === String(variants[1]!.id))!;
    const before = await state(t.db);
    for (const change of [{ stock_change: '+50' }, { stock_count: '50' }]) {
      const res = await importCsv(writeCsv([again[0]!, { ...retired, ...change }]));
      expect(res.body.data.applied).toBe(false);
      expect(res.body.data.problems).toEqual([
        {
          line: 3,
          column: Object.keys(change)[0],
          message: 'A retired packaging is never sold again: its stock does not change',
        },
      ]);
    }
    expect(await state(t.db)).toEqual(before);
    expect(await total()).toBe(20);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('retiring by import raises no low-stock alert; a change that crosses the threshold does', async () => {
    await t.db
      .updateTable('users')
      .set({ telegram_user_id: String(6_500_000_000 + crew.manager.user.id) })
      .where('id', '=', crew.manager.user.id)
      .execute();
    const { variants, rows } = await ownProduct();
    const alertsOf = async (packagingId: number) =>
      (await t.db.selectFrom('notifications').select('params').where('kind', '=', 'staff_low_stock').execute()).filter(
        (n) => JSON.parse(n.params!).packagingId === packagingId,
      );
    rows[0]!.low_stock_threshold = '5';
    rows[0]!.stock_change = '-16';
    rows[1]!.retired = 'yes';
    const res = await importCsv(writeCsv(rows));
    expect(res.body.data.problems).toEqual([]);
    expect(res.body.data.applied).toBe(true);
    expect(await alertsOf(variants[1]!.id)).toEqual([]);
    expect(await alertsOf(variants[0]!.id)).toHaveLength(1);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('a product the shop shows needs an image, like in the product form: a new one comes in hidden', async () => {
    const { rows } = await ownProduct();
    const fresh = {
      ...rows[0]!,
      product_slug: 'csv-imageless',
      packaging_id: '',
      stock_at_export: '',
      stock_count: '5',
    };
    const message =
      'A product the shop shows needs an image: import it as hidden, add its images in Products, then put it on sale';
    for (const shown of ['on_sale', 'coming_soon']) {
      const res = await importCsv(writeCsv([{ ...fresh, state: shown }]), { dryRun: true });
      expect(res.body.data.problems).toEqual([{ line: 2, column: 'state', message }]);
    }
    const hidden = await importCsv(writeCsv([{ ...fresh, state: 'hidden' }]));
    expect(hidden.body.data.applied).toBe(true);
    // Still without an image, it cannot be put on sale by the next file either.
    const again = readCsv(await exported()).filter((r) => r.product_slug === 'csv-imageless');
    again[0]!.state = 'on_sale';
    const shown = await importCsv(writeCsv(again), { dryRun: true });
    expect(shown.body.data.problems).toEqual([{ line: 2, column: 'state', message }]);
  });

  it('the import’s audit entry names what it wrote: the first 200 slugs of each kind, and how many more', async () => {
    const { rows } = await ownProduct();
    const many = Array.from({ length: 203 }, (_, i) => ({
      ...rows[0]!,
      product_slug: `csv-audit-${dialect}-${i}`,
      state: 'hidden',
      packaging_id: '',
      stock_at_export: '',
      stock_count: '',
    }));
    const res = await importCsv(writeCsv(many), { name: 'many.csv' });
    expect(res.body.data.applied).toBe(true);
    const log = await t.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'catalogue.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const after = JSON.parse(log.after_json!);
    expect(after.created).toHaveLength(200);
    expect(after.created.slice(0, 2)).toEqual([`csv-audit-${dialect}-0`, `csv-audit-${dialect}-1`]);
    expect(after.created_more).toBe(3);
    expect(after.updated).toEqual([]);
    expect(after.packaging_ids).toHaveLength(200);
    expect(after.packaging_ids_more).toBe(3);
  });
});
