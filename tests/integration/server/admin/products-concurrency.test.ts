import { createProduct } from '../../../factories/products';
import { onPostgres, post, type TestApp } from '../../helper';
import { holdTransaction, lockWaits } from '../lock-waits';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { stockTotalDrift } from '../stock/invariants';
import { type Crew, withStaffApp } from './support';

/**
 * Deleting a product while a shopper orders it, on PostgreSQL (where they really run at once): the order either
 * committed first (then the delete is refused: 409, hide it instead) or finds the product gone (409 "no longer
 * available"); never a 500, never an order line naming a deleted product.
 */
describe.runIf(onPostgres)('deleting a product racing orders on postgres', () => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp('postgres', { env: PROVIDER_ENV }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const remove = (productId: number) =>
    post(t.app, '/admin/products/delete', { product_id: productId }, { token: crew.manager.token });

  it('deleted after the order priced it, before the order named it: the order is refused as no longer available', async () => {
    const { product, variants } = await createProduct(t.db, { stock: 10 });
    const buyer = await customer(t.db);
    // The buyer's row held: the order stops on it after pricing the product, before writing its lines.
    const blocker = await holdTransaction(t.db, async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', buyer.userId).forUpdate().execute();
    });
    const order = placeOrder(t.app, buyer, {
      items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
    });
    await lockWaits(t.db);
    const deleted = await remove(product.id);
    expect(deleted.status, deleted.body.message).toBe(200);
    blocker.release();
    await blocker.done;
    const res = await order;
    expect(res.status, res.body.message).toBe(409);
    expect(res.body.message).toBe('Line 1: this product is no longer available');
    const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', buyer.userId).execute();
    expect(orders).toEqual([]);
  });

  it('deletes and orders of the same products at once: each answers 200 or 409, and what stays adds up', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => createProduct(t.db, { stock: 5 })));
    const buyers = await Promise.all(made.map(() => customer(t.db)));
    const results = await Promise.all(
      made.flatMap(({ product, variants }, i) => [
        placeOrder(t.app, buyers[i]!, {
          items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        }),
        remove(product.id),
      ]),
    );
    for (const r of results) expect([200, 409], r.body.message).toContain(r.status);
    for (const [i, { product }] of made.entries()) {
      const [ordered, deleted] = [results[2 * i]!, results[2 * i + 1]!];
      // Exactly one wins: an order placed first keeps the product (the delete is refused), else it is gone.
      expect([ordered.status, deleted.status]).not.toEqual([200, 200]);
      const left = await t.db.selectFrom('products').select('id').where('id', '=', product.id).executeTakeFirst();
      expect(left !== undefined).toBe(deleted.status !== 200);
    }
    expect(await stockTotalDrift(t.db)).toEqual([]);
  });
});
