import { randomBytes, randomInt } from 'node:crypto';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { dialects, formEncode, post, type TestApp } from '../../helper';
import { type Crew, orderInStatus, withStaffApp } from '../admin/support';

/**
 * Fulfilment sees a customer's address and phone only on the orders it packs (Paid, Processing), checked on the
 * server (docs/decisions/050); owners and managers see them on every order; fulfilment never opens the customer pages.
 */
describe.each(dialects)('what fulfilment sees of a customer on %s', (dialect) => {
  let t: TestApp;
  let crew: Crew;
  withStaffApp(dialect, {}, (app, staff) => {
    t = app;
    crew = staff;
  });

  async function customerWithOrders() {
    const tag = randomBytes(4).toString('hex');
    const phone = `+63917${randomInt(1_000_000, 9_999_999)}`;
    const { user, token } = await createUser(t.db, { email: `pack.${tag}@example.com`, phone });
    const address = await createAddress(t.db, user.id, {
      receiver_name: `Receiver ${tag}`,
      address: `${tag} Narra Street`,
      phone,
    });
    const c = { userId: user.id, token, addressId: address.id };
    const orders: Record<string, string> = {};
    for (const status of ['Pending', 'Paid', 'Processing', 'Completed', 'Cancelled'] as const) {
      orders[status] = (await orderInStatus(t, status, { c })).orderNo;
    }
    return { tag, phone, email: user.email, orders };
  }

  it('blanks the contact on the order page outside Paid and Processing, for fulfilment only', async () => {
    const p = await customerWithOrders();
    for (const [status, orderNo] of Object.entries(p.orders)) {
      const packs = status === 'Paid' || status === 'Processing';
      const seen = await post(t.app, '/admin/orders/get', { order_no: orderNo }, { token: crew.fulfilment.token });
      expect(seen.status).toBe(200);
      const text = JSON.stringify(seen.body.data);
      for (const needle of [p.tag, p.phone, p.email]) expect(text.includes(needle), `${status} ${needle}`).toBe(packs);
      const { delivery_address } = seen.body.data.order;
      expect(delivery_address.city).toBe('Makati');
      const manager = await post(t.app, '/admin/orders/get', { order_no: orderNo }, { token: crew.manager.token });
      expect(JSON.stringify(manager.body.data)).toContain(p.tag);
    }
  });

  it('blanks them in the list and the export, and searches by order number only', async () => {
    const p = await customerWithOrders();
    const list = await post(t.app, '/admin/orders/list', { q: p.orders.Completed }, { token: crew.fulfilment.token });
    expect(list.body.data.orders).toHaveLength(1);
    expect(list.body.data.orders[0]).toMatchObject({ phone: '', customer: { email: '' } });
    const paid = await post(t.app, '/admin/orders/list', { q: p.orders.Paid }, { token: crew.fulfilment.token });
    expect(paid.body.data.orders[0]).toMatchObject({ phone: p.phone, customer: { email: p.email } });
    // A phone or an e-mail typed in the search tells fulfilment nothing.
    for (const q of [p.phone, p.email]) {
      const byContact = await post(t.app, '/admin/orders/list', { q }, { token: crew.fulfilment.token });
      expect(byContact.body.data.orders, q).toEqual([]);
      const manager = await post(t.app, '/admin/orders/list', { q }, { token: crew.manager.token });
      expect(manager.body.data.orders.length, q).toBe(5);
    }
    const csv = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/orders/export',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
          payload: formEncode({ lang: 'en' }),
        })
      ).body;
    const lines = (await csv(crew.fulfilment.token)).split('\r\n');
    for (const [status, orderNo] of Object.entries(p.orders)) {
      const line = lines.find((l) => l.startsWith(orderNo)) ?? '';
      const packs = status === 'Paid' || status === 'Processing';
      expect(line.includes(p.tag), `${status}: ${line}`).toBe(packs);
      expect(line.includes(p.phone), status).toBe(packs);
    }
    expect((await csv(crew.manager.token)).split(p.tag).length - 1).toBeGreaterThanOrEqual(10);
  });

  it('never opens the customer pages', async () => {
    const { user } = await createUser(t.db);
    for (const path of ['/admin/customers/get', '/admin/customers/list', '/admin/customers/delete'] as const) {
      const res = await post(t.app, path, { id: user.id, confirm: String(user.id) }, { token: crew.fulfilment.token });
      expect(res.status, path).toBe(403);
    }
  });
});
