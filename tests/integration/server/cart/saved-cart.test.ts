import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedCart } from '../../../../src/common/contract/cart';
import { MAX_CART_LINES } from '../../../../src/common/contract/checkout';
import { createSession } from '../../../../src/server/accounts/session-repository';
import { idleCarts } from '../../../../src/server/cart/saved-cart';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

/**
 * The cart kept on the server for a logged-in customer (docs/decisions/052): saved per line, merged at log-in under
 * the stock and line-limit rules, emptied of an order's lines in the order's transaction, kept across log-out, the
 * caller's own, and never losing a line when two devices save at once.
 */
describe.each(dialects)('the saved cart on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { ...PROVIDER_ENV, MAX_UNPAID_ORDERS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const product = async (stock: number, opts: { subscribable?: boolean } = {}) => {
    const made = await createProduct(t.db, { stock, subscribable: opts.subscribable ?? false });
    return { product_id: made.product.id, variant_id: made.variants[0]!.id };
  };
  const getCart = (token: string, lang = 'en') => post(t.app, '/v2/get-cart', { lang }, { token });
  const save = (token: string, changes: unknown) => post<SavedCart>(t.app, '/v2/save-cart', { changes }, { token });
  const merge = (token: string, items: unknown, key: string = randomUUID()) =>
    post<SavedCart>(t.app, '/v2/merge-cart', { merge_key: key, items }, { token });
  const quantities = (lines: Array<{ packaging: { id: number }; frequency_weeks: number; quantity: number }>) =>
    Object.fromEntries(lines.map((l) => [`${l.packaging.id}:${l.frequency_weeks}`, l.quantity]));

  it('saves lines and reads them back at today’s prices, names and stock, in the order added', async () => {
    const c = await customer(t.db);
    const tea = await product(10);
    const cup = await product(5);
    expect((await getCart(c.token)).body.data).toEqual({ lines: [], problems: [], updated_at: null });

    const saved = await save(c.token, [
      { ...tea, quantity: 2 },
      { ...cup, quantity: 1 },
    ]);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.problems).toEqual([]);
    const read = await getCart(c.token);
    expect(read.body.data.lines.map((l) => [l.product.id, l.packaging.id, l.quantity])).toEqual([
      [tea.product_id, tea.variant_id, 2],
      [cup.product_id, cup.variant_id, 1],
    ]);
    expect(read.body.data.lines[0]!.packaging.stock).toBe(10);
    expect(read.body.data.lines[0]!.product.translations.map((x) => x.lang)).toEqual(['en', 'zh']);
    expect(read.body.data.updated_at).toBe(saved.body.data.updated_at);

    // Set, then remove (0); a save sent twice changes nothing more.
    await save(c.token, [{ ...tea, quantity: 4 }]);
    await save(c.token, [{ ...tea, quantity: 4 }]);
    await save(c.token, [{ ...cup, quantity: 0 }]);
    expect(quantities((await getCart(c.token)).body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 4 });
  });

  it('caps a save by stock, refuses lines not sold and the 51st line, and always allows less', async () => {
    const c = await customer(t.db);
    const tea = await product(3);
    const hidden = await createProduct(t.db, { stock: 9, isActive: false });
    const res = await save(c.token, [
      { ...tea, quantity: 7 },
      { product_id: hidden.product.id, variant_id: hidden.variants[0]!.id, quantity: 1 },
      { ...tea, frequency_weeks: 2, quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.problems.map((p) => [p.variant_id, p.reason, p.left])).toEqual([
      [tea.variant_id, 'only_left', 3],
      [hidden.variants[0]!.id, 'no_longer_sold', 0],
      [tea.variant_id, 'no_longer_sold', 0],
    ]);
    expect(quantities(res.body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 3 });

    // Stock drops below the line: less is still allowed, more is not.
    await t.db.updateTable('product_variants').set({ stock: 1 }).where('id', '=', tea.variant_id).execute();
    const lower = await save(c.token, [{ ...tea, quantity: 2 }]);
    expect(lower.body.data.problems).toEqual([]);
    const more = await save(c.token, [{ ...tea, quantity: 3 }]);
    expect(more.body.data.problems.map((p) => p.reason)).toEqual(['only_left']);
    expect(quantities(more.body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 2 });

    const full = await customer(t.db);
    const many = await Promise.all(Array.from({ length: MAX_CART_LINES + 1 }, () => product(5)));
    const filled = await save(
      full.token,
      many.map((p) => ({ ...p, quantity: 1 })),
    );
    expect(filled.body.data.lines).toHaveLength(MAX_CART_LINES);
    expect(filled.body.data.problems.map((p) => [p.variant_id, p.reason])).toEqual([
      [many.at(-1)!.variant_id, 'cart_full'],
    ]);
  });

  it('merges the browser’s cart at log-in: quantities add, capped by stock and the line limit, told once', async () => {
    const c = await customer(t.db);
    const tea = await product(5);
    const cup = await product(2);
    const soldOut = await product(0);
    await save(c.token, [
      { ...tea, quantity: 3 },
      { ...cup, quantity: 1 },
    ]);
    const key = randomUUID();
    const items = [
      { ...tea, quantity: 4 },
      { ...cup, quantity: 1 },
      { ...soldOut, quantity: 1 },
    ];
    const merged = await merge(c.token, items, key);
    expect(merged.status, merged.body.message).toBe(200);
    expect(quantities(merged.body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 5, [`${cup.variant_id}:0`]: 2 });
    expect(merged.body.data.problems.map((p) => [p.variant_id, p.reason, p.left])).toEqual([
      [tea.variant_id, 'only_left', 5],
      [soldOut.variant_id, 'out_of_stock', 0],
    ]);
    expect(merged.body.data.problems[0]!.name).not.toBe('');

    // The same merge again (an answer lost on the way) changes nothing.
    await save(c.token, [{ ...tea, quantity: 1 }]);
    const again = await merge(c.token, items, key);
    expect(quantities(again.body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 1, [`${cup.variant_id}:0`]: 2 });
    expect(again.body.data.problems).toEqual([]);

    // The line limit: a full saved cart takes no new line from the browser, but adds to the ones it has.
    const full = await customer(t.db);
    const many = await Promise.all(Array.from({ length: MAX_CART_LINES }, () => product(5)));
    await save(
      full.token,
      many.map((p) => ({ ...p, quantity: 1 })),
    );
    const extra = await product(5);
    const capped = await merge(full.token, [
      { ...extra, quantity: 1 },
      { ...many[0]!, quantity: 2 },
    ]);
    expect(capped.body.data.lines).toHaveLength(MAX_CART_LINES);
    expect(capped.body.data.problems.map((p) => [p.variant_id, p.reason])).toEqual([[extra.variant_id, 'cart_full']]);
    expect(quantities(capped.body.data.lines)[`${many[0]!.variant_id}:0`]).toBe(3);
  });

  it('never loses a line when two sessions save at the same moment, round after round', async () => {
    const c = await customer(t.db);
    const device2 = await createSession(t.db, c.userId);
    const products = await Promise.all(Array.from({ length: 16 }, () => product(100)));
    const shared = await product(100);
    for (let round = 0; round < 8; round++) {
      const a = products[round * 2]!;
      const b = products[round * 2 + 1]!;
      const answers = await Promise.all([
        save(c.token, [{ ...a, quantity: round + 1 }]),
        save(device2, [{ ...b, quantity: round + 1 }]),
        merge(c.token, [{ ...shared, quantity: 1 }]),
        merge(device2, [{ ...shared, quantity: 1 }]),
      ]);
      for (const res of answers) expect(res.status, res.body.message).toBe(200);
    }
    const { lines } = (await getCart(c.token)).body.data;
    const expected = Object.fromEntries(products.map((p, i) => [`${p.variant_id}:0`, Math.floor(i / 2) + 1]));
    // Every line of both devices, and both devices' merges of the same line added up (8 rounds × 2).
    expect(quantities(lines)).toEqual({ ...expected, [`${shared.variant_id}:0`]: 16 });
  });

  it('empties the ordered lines from the saved cart with the order, keeps the others; a refused order empties nothing', async () => {
    const c = await customer(t.db);
    const tea = await product(10);
    const other = await product(10);
    await save(c.token, [
      { ...tea, quantity: 2 },
      { ...other, quantity: 1 },
    ]);
    const before = (await getCart(c.token)).body.data.updated_at!;
    const placed = await placeOrder(t.app, c, { items: [{ ...tea, quantity: 2 }] });
    expect(placed.status, placed.body.message).toBe(200);
    const after = (await getCart(c.token)).body.data;
    expect(quantities(after.lines)).toEqual({ [`${other.variant_id}:0`]: 1 });
    expect(after.updated_at! >= before).toBe(true);

    // A refused order (not enough stock) leaves the cart as it was.
    const refused = await placeOrder(t.app, c, { items: [{ ...other, quantity: 50 }] });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(quantities((await getCart(c.token)).body.data.lines)).toEqual({ [`${other.variant_id}:0`]: 1 });
  });

  it('keeps the cart across log-out for the next log-in; no one else can read or change it', async () => {
    const c = await customer(t.db);
    const tea = await product(10);
    await save(c.token, [{ ...tea, quantity: 2 }]);
    const out = await post(t.app, '/v1/user-logout', {}, { token: c.token });
    expect(out.status).toBe(200);
    expect((await getCart(c.token)).status).toBe(401);
    const again = await createSession(t.db, c.userId);
    expect(quantities((await getCart(again)).body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 2 });

    const stranger = await customer(t.db);
    expect((await getCart(stranger.token)).body.data.lines).toEqual([]);
    await save(stranger.token, [{ ...tea, quantity: 0 }]);
    expect(quantities((await getCart(again)).body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 2 });
    expect((await post(t.app, '/v2/get-cart', {})).status).toBe(401);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const c = await customer(t.db);
    const tea = await product(10);
    await save(c.token, [{ ...tea, quantity: 1 }]);
    const bad: unknown[] = [
      'not json',
      [],
      [{ ...tea, quantity: -1 }],
      [{ ...tea, quantity: 1.5 }],
      [{ ...tea, quantity: 3_000_000_000 }],
      [{ ...tea, frequency_weeks: 3, quantity: 1 }],
      [{ product_id: 0, variant_id: tea.variant_id, quantity: 1 }],
      [{ variant_id: tea.variant_id, quantity: 1 }],
      Array.from({ length: MAX_CART_LINES * 2 + 1 }, () => ({ ...tea, quantity: 1 })),
    ];
    for (const changes of bad) {
      const res = await save(c.token, changes);
      expect(res.status, JSON.stringify(changes).slice(0, 80)).toBe(422);
      expect(res.errors.length).toBeGreaterThan(0);
      for (const e of res.errors) expect(e.field).toMatch(/^changes/);
    }
    expect((await post(t.app, '/v2/save-cart', {}, { token: c.token })).status).toBe(422);
    expect((await merge(c.token, [{ ...tea, quantity: 0 }])).status).toBe(422);
    expect((await post(t.app, '/v2/merge-cart', { items: [] }, { token: c.token })).status).toBe(422);
    // A packaging that is not the product's: refused as not sold, nothing written.
    const other = await product(10);
    const mismatched = await save(c.token, [{ product_id: other.product_id, variant_id: tea.variant_id, quantity: 2 }]);
    expect(mismatched.body.data.problems.map((p) => p.reason)).toEqual(['no_longer_sold']);
    expect(quantities((await getCart(c.token)).body.data.lines)).toEqual({ [`${tea.variant_id}:0`]: 1 });
  });

  it('finds carts idle since a time, for abandoned-cart reminders', async () => {
    const c = await customer(t.db);
    const tea = await product(10);
    await save(c.token, [{ ...tea, quantity: 1 }]);
    const empty = await customer(t.db);
    await save(empty.token, [{ ...tea, quantity: 0 }]);
    const future = new Date(Date.now() + 60_000).toISOString();
    const idle = (await idleCarts(t.db, future, 10_000)).map((r) => r.user_id);
    expect(idle).toContain(c.userId);
    expect(idle).not.toContain(empty.userId);
    expect((await idleCarts(t.db, '2000-01-01T00:00:00.000Z')).map((r) => r.user_id)).not.toContain(c.userId);
  });
});
