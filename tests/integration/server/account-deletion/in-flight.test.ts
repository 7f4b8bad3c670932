import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { orderInStatus } from '../admin/support';
import { holdTransaction, lockWaits } from '../lock-waits';
import { findTexts } from './support';

// A request of the customer still on its way when the account is deleted (docs/decisions/050, "Requests in flight"):
// one that arrives after the deletion committed, and one already past its session check when the deletion commits.
// Either is refused with 401 and writes nothing of the person back.

describe.each(dialects)('requests in flight when the account is deleted, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { MAX_UNPAID_ORDERS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with a completed order (so a review may be written), its product and packaging. */
  async function reviewer() {
    const { user, token, password } = await createUser(t.db);
    const address = await createAddress(t.db, user.id);
    const c = { userId: user.id, token, addressId: address.id };
    const done = await orderInStatus(t, 'Completed', { c });
    const line = await t.db
      .selectFrom('order_items')
      .select(['product_id', 'variant_id'])
      .where('order_id', '=', done.id)
      .executeTakeFirstOrThrow();
    return { ...c, password, nickname: user.nickname, email: user.email, phone: user.phone, orderId: done.id, ...line };
  }
  type Reviewer = Awaited<ReturnType<typeof reviewer>>;

  const saveCart = (r: Reviewer) =>
    post(
      t.app,
      '/v2/save-cart',
      { changes: [{ product_id: r.product_id, variant_id: r.variant_id, quantity: 2 }] },
      { token: r.token },
    );
  const addReview = (r: Reviewer) =>
    post(
      t.app,
      '/v1/add-review',
      { order_id: r.orderId, product_id: r.product_id, rating: 5, title: 'Still here', description: 'Written late.' },
      { token: r.token },
    );
  const renameSelf = (r: Reviewer) =>
    post(
      t.app,
      '/v2/edit-user-profile',
      { nickname: `${r.nickname} again`, email: r.email, phone: r.phone },
      { token: r.token },
    );
  const deleteSelf = (r: Reviewer) => post(t.app, '/v2/delete-account', { password: r.password }, { token: r.token });

  /** What the writes above would leave: the cart's lines, the reviews, and the person's name or e-mail anywhere. */
  async function leftOf(r: Reviewer) {
    const cart = await t.db.selectFrom('cart_lines').select('variant_id').where('user_id', '=', r.userId).execute();
    const reviews = await t.db.selectFrom('reviews').select('nickname').where('user_id', '=', r.userId).execute();
    return { cart: cart.length, reviews: reviews.length, texts: await findTexts(t, [r.nickname, r.email]) };
  }

  it('refuses with 401 what arrives after the deletion committed, and records a referral visit as a guest’s', async () => {
    const r = await reviewer();
    const referrer = await createUser(t.db);
    const deleted = await deleteSelf(r);
    expect(deleted.status, deleted.body.message).toBe(200);
    for (const late of [saveCart, addReview, renameSelf]) {
      const res = await late(r);
      expect(res.status, `${late.name}: ${res.body.message}`).toBe(401);
    }
    // A referral link is open to guests: a dead token is a guest's, and the visit names no account.
    const visit = await post(
      t.app,
      '/v2/record-visit',
      { code: referrer.user.referral_code, visitor_key: 'v-in-flight-0001' },
      { token: r.token },
    );
    expect(visit.status, visit.body.message).toBe(200);
    const row = await t.db
      .selectFrom('referral_visits')
      .select(['converted_user_id'])
      .where('visitor_key', '=', 'v-in-flight-0001')
      .executeTakeFirstOrThrow();
    expect(row.converted_user_id).toBeNull();
    expect(await leftOf(r)).toEqual({ cart: 0, reviews: 0, texts: [] });
  });

  it('a cart save and a review racing the deletion: each written before it is erased with it, or refused', async () => {
    const outcomes = { writtenThenErased: 0, refused: 0 };
    for (let round = 0; round < 12; round++) {
      const r = await reviewer();
      const gap = (round % 6) * 10;
      const later = <T>(run: () => Promise<T>) => sleep(gap).then(run);
      const [deleted, cart, review] = await Promise.all(
        round % 2 === 0
          ? [deleteSelf(r), later(() => saveCart(r)), later(() => addReview(r))]
          : [later(() => deleteSelf(r)), saveCart(r), addReview(r)],
      );
      expect(deleted.status, `round ${round}: ${deleted.body.message}`).toBe(200);
      for (const res of [cart, review]) {
        expect([200, 401], `round ${round}: ${res.body.message}`).toContain(res.status);
        if (res.status === 200) outcomes.writtenThenErased += 1;
        else outcomes.refused += 1;
      }
      const left = await leftOf(r);
      expect(left.cart, `round ${round}`).toBe(0);
      expect(left.texts, `round ${round}`).toEqual([]);
    }
    console.info(`writes vs deletion on ${dialect}: ${JSON.stringify(outcomes)}`);
  });

  it.runIf(dialect === 'postgres')(
    'refuses with 401 the requests already past their session check when the deletion commits',
    async () => {
      // The test's pool has 5 connections: the held transaction, the deletion, the writes and the one that watches.
      for (const group of [[saveCart, addReview], [renameSelf]]) {
        const r = await reviewer();
        // A row the deletion deletes after it has locked the account: the test holds it, so the deletion stops
        // there, its account locked and not yet committed, while the requests pass their session check.
        const key = `hold:user:${r.userId}`;
        await t.db
          .insertInto('rate_limits')
          .values({ key, count: 1, window_start: new Date().toISOString() })
          .execute();
        const held = await holdTransaction(t.db, async (trx) => {
          await sql`select 1 from rate_limits where key = ${key} for update`.execute(trx);
        });
        const deleting = deleteSelf(r);
        await lockWaits(t.db, 1);
        const writes = Promise.all(group.map((write) => write(r)));
        await lockWaits(t.db, 1 + group.length);
        held.release();
        await held.done;
        const [deleted, answers] = await Promise.all([deleting, writes]);
        expect(deleted.status, deleted.body.message).toBe(200);
        for (const [i, res] of answers.entries())
          expect(res.status, `${group[i]?.name}: ${res.body.message}`).toBe(401);
        expect(await leftOf(r)).toEqual({ cart: 0, reviews: 0, texts: [] });
      }
    },
  );
});
