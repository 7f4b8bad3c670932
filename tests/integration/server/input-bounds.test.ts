import { buildTestApp, dialects, post, type TestApp } from '../helper';

// An id no column can hold must be refused as bad input on both databases (PostgreSQL would otherwise
// fail the query with "out of range for type integer" and answer 500).
describe.each(dialects)('ids beyond the column range on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['/v2/get-product-details', { product_id: '2147483648' }, 'product_id'],
    ['/v2/get-product-details', { product_id: '99999999999999' }, 'product_id'],
    ['/v2/get-product-reviews', { product_id: '2147483648' }, 'product_id'],
  ])('%s %j → 422 naming the field', async (path, body, field) => {
    const res = await post(t.app, path, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 422 });
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('the largest id a column holds is a plain "not found"', async () => {
    const res = await post(t.app, '/v2/get-product-details', { product_id: '2147483647' });
    expect(res.status).toBe(404);
  });

  it('a sold-out product reads as out of stock on its page', async () => {
    const product = await t.db
      .selectFrom('products')
      .select(['id'])
      .where('stock_state', '=', 'in_stock')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('product_variants').set({ stock: 0 }).where('product_id', '=', product.id).execute();
    await t.db.updateTable('products').set({ stock_total: 0 }).where('id', '=', product.id).execute();
    const details = await post<{ product: { stock_state: string } }>(t.app, '/v2/get-product-details', {
      product_id: product.id,
    });
    expect(details.body.data.product.stock_state).toBe('out_of_stock');
  });
});
