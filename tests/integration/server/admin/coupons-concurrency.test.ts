import { sql } from 'kysely';
import { createCoupon } from '../../../factories/coupons';
import { createProduct } from '../../../factories/products';
import { dialects, post, type TestApp } from '../../helper';
import { type Customer, customer, PROVIDER_ENV, placeOrder } from '../orders/support';
import { type Crew, withStaffApp } from './support';

/**
 * Coupon edits racing its use (docs/decisions/015). On PostgreSQL the orders and the edits really run at once (READ
 * COMMITTED, a pool of 5), so these hold only because an edit and an order lock the coupon's row before they read it
 * (coupons/repository.ts lockCoupon: `edit` from coupons/admin-service.ts, `use` from orders/place-order.ts). On
 * SQLite, one connection runs the transactions one at a time; the same invariants are checked.
 */
describe.each(dialects)('coupon edits racing checkouts on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } }, (app, staff) => {
    t = app;
    crew = staff;
  });

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const usesOf = async (couponId: number) => {
    const row = await t.db
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', couponId)
      .executeTakeFirstOrThrow();
    const redemptions = await t.db
      .selectFrom('coupon_redemptions')
      .select(sql<number>`count(*)`.as('n'))
      .where('coupon_id', '=', couponId)
      .executeTakeFirstOrThrow();
    return { used: row.used_count, redemptions: Number(redemptions.n) };
  };
  const updateAudits = async (couponId: number, action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['before_json', 'after_json'])
        .where('entity', '=', 'coupon')
        .where('entity_id', '=', String(couponId))
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((a) => ({ before: JSON.parse(a.before_json!), after: JSON.parse(a.after_json!) }));

  /** `n` customers, each with the coupon applied to a one-line cart (answers the cart). */
  async function applied(code: string, n: number) {
    const { product, variants } = await createProduct(t.db, { price: 2000, stock: 1000 });
    const items = [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }];
    const buyers: Customer[] = [];
    for (let i = 0; i < n; i++) {
      const c = await customer(t.db);
      const res = await post(t.app, '/v1/validate-coupon', { code, items }, { token: c.token });
      expect(res.status, res.body.message).toBe(200);
      buyers.push(c);
    }
    return { buyers, items };
  }

  it('the total limit lowered to the uses so far while 16 customers order: no use gets through after it', async () => {
    for (let round = 0; round < 3; round++) {
      const coupon = await createCoupon(t.db, { kind: 'fixed', value: 100, usage_limit: 100 });
      const { buyers, items } = await applied(coupon.code, 16);
      const fields = { id: coupon.id, code: coupon.code, kind: 'fixed', value: 100, min_spend_cents: 0 };
      const orders = Promise.all(
        buyers.map(async (c, i) => {
          await pause((i % 8) * 4);
          return placeOrder(t.app, c, { items });
        }),
      );
      // Staff read the uses so far and set the limit to them; orders placed in between make that too low (422:
      // read again and retry), never too high.
      const edit = (async () => {
        await pause(6 + round * 6);
        for (let attempt = 0; attempt < 50; attempt++) {
          const { used } = await usesOf(coupon.id);
          const res = await post(
            t.app,
            '/admin/coupons/update',
            { ...fields, usage_limit: Math.max(1, used) },
            { token: crew.manager.token },
          );
          if (res.status === 200) return res.body.data.usage_limit!;
          expect(res.status, res.body.message).toBe(422);
          expect(res.errors[0]?.field).toBe('usage_limit');
        }
        throw new Error('the limit was never set');
      })();
      const [results, limit] = await Promise.all([orders, edit]);

      const withCoupon = results.filter((r) => r.status === 200 && r.body.data.order.coupon_code === coupon.code);
      const { used, redemptions } = await usesOf(coupon.id);
      expect(used).toBe(redemptions);
      expect(used).toBe(withCoupon.length);
      // Every use committed before the edit (which saw them all): none after it, whatever the timing.
      expect(used).toBeLessThanOrEqual(limit);
      const [audit] = await updateAudits(coupon.id, 'coupon.update');
      expect(audit!.before.used_count).toBe(used);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe('This coupon has been fully redeemed');
      }
    }
  });

  it('a pause racing 12 orders: every order placed used it before the pause answered, none after', async () => {
    for (let round = 0; round < 3; round++) {
      const coupon = await createCoupon(t.db, { kind: 'percent', value: 10 });
      const { buyers, items } = await applied(coupon.code, 12);
      let usesAtAnswer = -1;
      const orders = Promise.all(
        buyers.map(async (c, i) => {
          await pause((i % 6) * 5);
          return placeOrder(t.app, c, { items });
        }),
      );
      const paused = (async () => {
        await pause(5 + round * 8);
        const res = await post(t.app, '/admin/coupons/pause', { id: coupon.id }, { token: crew.owner.token });
        usesAtAnswer = (await usesOf(coupon.id)).redemptions;
        return res;
      })();
      const [results, res] = await Promise.all([orders, paused]);
      expect(res.status).toBe(200);
      expect(res.body.data.changed).toBe(true);

      const { used, redemptions } = await usesOf(coupon.id);
      expect(used).toBe(redemptions);
      expect(redemptions).toBe(usesAtAnswer);
      const [audit] = await updateAudits(coupon.id, 'coupon.pause');
      expect(audit!.before.used_count).toBe(used);
      const ok = results.filter((r) => r.status === 200);
      expect(ok.every((r) => r.body.data.order.coupon_code === coupon.code)).toBe(true);
      expect(ok).toHaveLength(used);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe('This coupon code does not exist');
      }
    }
  });

  it('the per-customer limit lowered while its customers order: an order after the edit obeys it', async () => {
    const coupon = await createCoupon(t.db, { kind: 'fixed', value: 100, per_user_limit: 2 });
    const fields = { id: coupon.id, code: coupon.code, kind: 'fixed', value: 100, min_spend_cents: 0 };
    // Ten customers who have used it once each, and apply it again.
    const { buyers, items } = await applied(coupon.code, 10);
    for (const c of buyers) expect((await placeOrder(t.app, c, { items })).status).toBe(200);
    for (const c of buyers) {
      const again = await post(t.app, '/v1/validate-coupon', { code: coupon.code, items }, { token: c.token });
      expect(again.status).toBe(200);
    }
    const orders = Promise.all(
      buyers.map(async (c, i) => {
        await pause((i % 5) * 5);
        return placeOrder(t.app, c, { items });
      }),
    );
    const edit = (async () => {
      await pause(8);
      return post(t.app, '/admin/coupons/update', { ...fields, per_user_limit: 1 }, { token: crew.owner.token });
    })();
    const [results, res] = await Promise.all([orders, edit]);
    expect(res.status, res.body.message).toBe(200);

    const { used, redemptions } = await usesOf(coupon.id);
    expect(used).toBe(redemptions);
    // The edit saw every second use placed before it; any other was refused under the new limit of 1.
    const [audit] = await updateAudits(coupon.id, 'coupon.update');
    expect(audit!.before).toMatchObject({ per_user_limit: 2, used_count: used });
    const seconds = results.filter((r) => r.status === 200);
    expect(used).toBe(10 + seconds.length);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('You have already used this coupon as many times as allowed');
    }
  });
});
