import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStocks } from '../../../../src/server/stock/repository';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, type TestApp } from '../../helper';
import { stockTotalDrift } from './invariants';

/**
 * The stock core changing several packagings at once (stock/repository.ts changeStocks; on PostgreSQL one statement,
 * docs/decisions/058): each packaging changed with its history row, the products' totals moved, the first packaging
 * refused in id order answered, and, with the transaction rolled back as every caller does, nothing changed. Many
 * orders of overlapping packagings at once never deadlock (the lock order of docs/decisions/005).
 */
describe.each(dialects)('changing several packagings’ stock on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cause = (orderId: number | null = null) => ({
    source: 'adjust' as const,
    reason: 'count, “recount”',
    orderId,
    now: '2026-12-08T04:00:00.000Z',
  });
  const stockOf = async (ids: number[]) =>
    (
      await t.db.selectFrom('product_variants').select(['id', 'stock']).where('id', 'in', ids).orderBy('id').execute()
    ).map((r) => r.stock);
  const historyOf = (ids: number[]) =>
    t.db
      .selectFrom('stock_movements')
      .select(['packaging_id', 'delta', 'stock_after', 'reason'])
      .where('packaging_id', 'in', ids)
      .orderBy('packaging_id')
      .execute();

  it('changes every packaging with its history row and moves the products’ totals; tells which grew', async () => {
    const a = await createProduct(t.db, { variants: [{ stock: 10 }, { stock: 5 }] });
    const b = await createProduct(t.db, { variants: [{ stock: 3 }] });
    const [a1, a2] = a.variants.map((v) => v.id) as [number, number];
    const b1 = b.variants[0]!.id;
    const result = await t.db.transaction().execute((trx) =>
      changeStocks(trx, [
        { packagingId: b1, delta: 4, cause: cause() },
        { packagingId: a2, delta: -5, cause: cause() },
        { packagingId: a1, delta: -2, cause: cause() },
      ]),
    );
    expect(result.refused).toBeNull();
    expect(result.changed).toEqual([
      { packagingId: a1, productId: a.product.id, stock: 8, isRetired: false },
      { packagingId: a2, productId: a.product.id, stock: 0, isRetired: false },
      { packagingId: b1, productId: b.product.id, stock: 7, isRetired: false },
    ]);
    expect(result.restocked).toEqual([b.product.id]);
    expect(await stockOf([a1, a2, b1])).toEqual([8, 0, 7]);
    expect(await historyOf([a1, a2, b1])).toEqual([
      { packaging_id: a1, delta: -2, stock_after: 8, reason: 'count, “recount”' },
      { packaging_id: a2, delta: -5, stock_after: 0, reason: 'count, “recount”' },
      { packaging_id: b1, delta: 4, stock_after: 7, reason: 'count, “recount”' },
    ]);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });

  it('answers the first packaging refused in id order; rolled back, nothing changed', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 2 }, { stock: 1 }, { stock: 9 }] });
    const [v1, v2, v3] = p.variants.map((v) => v.id) as [number, number, number];
    let refused: number | null = null;
    await expect(
      t.db.transaction().execute(async (trx) => {
        const result = await changeStocks(trx, [
          { packagingId: v3, delta: -1, cause: cause() },
          { packagingId: v2, delta: -2, cause: cause() },
          { packagingId: v1, delta: -3, cause: cause() },
        ]);
        refused = result.refused;
        throw new Error('refused: roll back');
      }),
    ).rejects.toThrow('refused');
    expect(refused).toBe(v1);
    expect(await stockOf([v1, v2, v3])).toEqual([2, 1, 9]);
    expect(await historyOf([v1, v2, v3])).toEqual([]);
  });

  it('refuses a retired packaging when only packagings on sale may change, and an unknown one', async () => {
    const p = await createProduct(t.db, { variants: [{ stock: 4 }, { stock: 0 }] });
    const [v1, v2] = p.variants.map((v) => v.id) as [number, number];
    await t.db.updateTable('product_variants').set({ is_retired: 1 }).where('id', '=', v2).execute();
    const tryChange = (changes: Parameters<typeof changeStocks>[1], onSaleOnly: boolean) =>
      t.db
        .transaction()
        .execute(async (trx) => {
          const result = await changeStocks(trx, changes, { onSaleOnly });
          throw Object.assign(new Error('roll back'), { result });
        })
        .catch((err: { result: Awaited<ReturnType<typeof changeStocks>> }) => err.result);
    const retired = [
      { packagingId: v1, delta: -1, cause: cause() },
      { packagingId: v2, delta: 3, cause: cause() },
    ];
    expect((await tryChange(retired, true)).refused).toBe(v2);
    // A cancel gives units back to a retired packaging: allowed, and its units do not count in the product's total.
    const back = await tryChange(retired, false);
    expect(back.refused).toBeNull();
    expect(back.changed.map((c) => [c.packagingId, c.stock, c.isRetired])).toEqual([
      [v1, 3, false],
      [v2, 3, true],
    ]);
    expect((await tryChange([{ packagingId: 2_000_000_000, delta: 1, cause: cause() }], false)).refused).toBe(
      2_000_000_000,
    );
  });

  it('many changes of overlapping packagings at once: no deadlock, no unit lost, totals exact', async () => {
    const a = await createProduct(t.db, { variants: [{ stock: 500 }, { stock: 500 }] });
    const b = await createProduct(t.db, { variants: [{ stock: 500 }, { stock: 500 }] });
    const ids = [...a.variants, ...b.variants].map((v) => v.id);
    // Each change set takes from a different mix, listed in a different order.
    const sets = Array.from({ length: 40 }, (_, i) =>
      ids
        .filter((_, j) => (i + j) % 3 !== 0)
        .map((packagingId, j) => ({ packagingId, delta: j % 2 ? -1 : 2, cause: cause() }))
        .reverse(),
    );
    const results = await Promise.all(
      sets.map((changes) => t.db.transaction().execute((trx) => changeStocks(trx, changes))),
    );
    expect(results.every((r) => r.refused === null)).toBe(true);
    const expected = ids.map((id) =>
      sets.reduce((stock, changes) => stock + (changes.find((c) => c.packagingId === id)?.delta ?? 0), 500),
    );
    expect(await stockOf(ids)).toEqual(expected);
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });
});
