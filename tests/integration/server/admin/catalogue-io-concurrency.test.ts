import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { CatalogueImportReport } from '../../../../src/common/contract/admin/catalogue-io';
import { insertProduct } from '../../../../src/server/catalog/admin-repository';
import { nowIso } from '../../../../src/server/lib/time';
import { createProduct } from '../../../factories/products';
import { formEncode, onPostgres, type TestApp } from '../../helper';
import { holdTransaction, lockWaits } from '../lock-waits';
import { type Customer, customer, PROVIDER_ENV, placeOrder, postMultipart } from '../orders/support';
import { stockTotalDrift } from '../stock/invariants';
import { type Crew, withStaffApp } from './support';

/**
 * The catalogue import's stock under orders placed at the same moment, on PostgreSQL (where they really run at once):
 * stock moves only by changes, so no unit is lost and none goes below zero, and a count ("stock_count") is applied
 * only against the stock it was exported with, so it never undoes an order placed in between.
 */
describe.runIf(onPostgres)('catalogue import racing orders on postgres', () => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp('postgres', { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const rowsOf = async (slug: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/catalogue/export',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${crew.manager.token}` },
      payload: formEncode({ lang: 'en' }),
    });
    return (parse(res.body, { bom: true, columns: true }) as Record<string, string>[]).filter(
      (r) => r.product_slug === slug,
    );
  };
  const importRows = (rows: Record<string, string>[]) =>
    postMultipart<CatalogueImportReport>(
      t.app,
      '/admin/catalogue/import',
      { dry_run: 0, file_name: 'race.csv' },
      { field: 'file', bytes: Buffer.from(stringify(rows, { header: true })), type: 'text/csv', name: 'race.csv' },
      crew.manager.token,
    );
  const buyers = async (n: number) => {
    const list: Customer[] = [];
    for (let i = 0; i < n; i++) list.push(await customer(t.db));
    return list;
  };
  const stockOf = async (id: number) =>
    (await t.db.selectFrom('product_variants').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const sold = async (id: number) =>
    Number(
      (
        await t.db
          .selectFrom('order_items')
          .select(sql<number>`coalesce(sum(quantity), 0)`.as('n'))
          .where('variant_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a stock change applied while 25 orders take the same packaging: no unit lost, never below zero', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 20 });
    const id = variants[0]!.id;
    const rows = await rowsOf(product.slug);
    rows[0]!.stock_change = '-6';
    const items = [{ product_id: product.id, variant_id: id, quantity: 1 }];
    const people = await buyers(25);
    const [imported, ...orders] = await Promise.all([
      importRows(rows),
      ...people.map((c) => placeOrder(t.app, c, { items })),
    ]);
    const ok = orders.filter((o) => o.status === 200).length;
    for (const o of orders.filter((x) => x.status !== 200)) expect(o.status).toBe(409);
    expect(await sold(id)).toBe(ok);
    const stock = await stockOf(id);
    expect(stock).toBeGreaterThanOrEqual(0);
    const taken = imported!.body.data.applied ? 6 : 0;
    // Every unit is accounted for: 20 = what is left + what orders took + what the import took out.
    expect(stock + ok + taken).toBe(20);
    const history = await t.db
      .selectFrom('stock_movements')
      .select(sql<number>`coalesce(sum(delta), 0)`.as('n'))
      .where('packaging_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(stock - 20);
    // When the import came after the orders had left fewer than 6, it was refused, naming the stock then.
    if (!imported!.body.data.applied)
      expect(imported!.body.data.problems[0]!.message).toMatch(
        /^Only \d in stock: a change of -6 would go below zero$/,
      );
  });

  it('a count from an export made before the orders is refused rather than undoing them', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 30 });
    const id = variants[0]!.id;
    const rows = await rowsOf(product.slug);
    rows[0]!.stock_count = '40';
    const items = [{ product_id: product.id, variant_id: id, quantity: 1 }];
    const people = await buyers(10);
    const [imported, ...orders] = await Promise.all([
      importRows(rows),
      ...people.map((c) => placeOrder(t.app, c, { items })),
    ]);
    const ok = orders.filter((o) => o.status === 200).length;
    expect(ok).toBe(10);
    const stock = await stockOf(id);
    const report = imported!.body.data;
    if (report.applied) {
      // Applied only while the stock was still 30: +10, then the orders that came after took theirs.
      const move = await t.db
        .selectFrom('stock_movements')
        .select(['delta', 'stock_after'])
        .where('packaging_id', '=', id)
        .where('source', '=', 'import')
        .executeTakeFirstOrThrow();
      expect(move.stock_after - move.delta).toBe(30);
      expect(stock).toBe(40 - ok);
    } else {
      expect(report.problems[0]!.message).toMatch(/^The stock is \d+ now, not 30 as when exported/);
      expect(stock).toBe(30 - ok);
    }
    expect(await sold(id)).toBe(ok);
  });

  it('a slug staff create while the import creates it too: the row is refused, never a 500', async () => {
    const { product } = await createProduct(t.db);
    const [template] = await rowsOf(product.slug);
    const slug = 'race-created-twice';
    const row = {
      ...template!,
      product_slug: slug,
      state: 'hidden',
      packaging_id: '',
      stock_at_export: '',
      stock_count: '3',
    };
    // Staff's create holds the new slug (not committed yet): the import does not see it, and waits on its insert.
    const staffCreate = await holdTransaction(t.db, async (trx) => {
      const now = nowIso();
      await insertProduct(trx, {
        slug,
        name_en: 'Made by staff',
        name_zh: '员工创建',
        description_en: '',
        description_zh: '',
        image: '',
        stock_state: 'in_stock',
        is_active: 0,
        available_ph: 1,
        available_cn: 1,
        subscribable: 0,
        price_cents: 100,
        discount_price_cents: null,
        stock_total: 0,
        created_at: now,
        updated_at: now,
      });
    });
    const imported = importRows([row]);
    await lockWaits(t.db);
    staffCreate.release();
    await staffCreate.done;
    const res = await imported;
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.applied).toBe(false);
    expect(res.body.data.problems).toEqual([
      {
        line: 2,
        column: 'product_slug',
        message: 'Another product took the slug “race-created-twice” during this import: check the file again',
      },
    ]);
    const products = await t.db.selectFrom('products').select('name_en').where('slug', '=', slug).execute();
    expect(products).toEqual([{ name_en: 'Made by staff' }]);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('imports of many products racing orders on them: both finish (no deadlock), and every total adds up', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => createProduct(t.db, { stock: 30 })));
    const rows = (await Promise.all(made.map(({ product }) => rowsOf(product.slug)))).flat();
    const change = (sign: string) => rows.map((r) => ({ ...r, stock_change: `${sign}2` }));
    const people = await buyers(8);
    const orders = people.map((c, i) => {
      // Each order takes from two products; the second file lists the products the other way round.
      const a = made[i]!;
      const b = made[(i + 5) % made.length]!;
      return placeOrder(t.app, c, {
        items: [
          { product_id: b.product.id, variant_id: b.variants[0]!.id, quantity: 1 },
          { product_id: a.product.id, variant_id: a.variants[0]!.id, quantity: 1 },
        ],
      });
    });
    const results = await Promise.all([importRows(change('-')), importRows([...change('+')].reverse()), ...orders]);
    for (const r of results) expect(r.status, r.body.message).toBe(200);
    expect(results[0]!.body.data.applied && results[1]!.body.data.applied).toBe(true);
    // Each packaging: 30, −2 and +2 by the files, −1 by each of the two orders that name it.
    for (const { variants } of made) expect(await stockOf(variants[0]!.id)).toBe(30 - 2 + 2 - 2);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });
});
