import type { Address } from '../../../../src/common/contract/checkout';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { customer, PROVIDER_ENV, placeOrder } from '../orders/support';

describe.each(dialects)('address paths on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stateId = async (code: string) =>
    (await t.db.selectFrom('states').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  describe('addresses', () => {
    const full = {
      receiver_name: 'Ana Reyes',
      phone: '+639170000000',
      address: '1 Rizal Ave',
      city: 'Cebu City',
      zip: '6000',
    };

    it("answers each required field's message at that field, all of them when several are blank", async () => {
      const c = await customer(t.db);
      const state = await stateId('PH-CEB');
      const cases: Array<[string, string]> = [
        ['receiver_name', 'Please enter receiver name'],
        ['phone', 'Please enter shipping contact'],
        ['address', 'Please enter shipping address'],
        ['city', 'Please enter city'],
        ['zip', 'Please enter zipcode'],
      ];
      for (const [field, message] of cases) {
        const res = await post(
          t.app,
          '/v2/save-address',
          { ...full, state_id: state, [field]: ' ' },
          { token: c.token },
        );
        expect(res.status).toBe(422);
        expect(res.body.message).toBe(message);
        expect(res.errors).toEqual([{ field, message }]);
      }
      const noState = await post(t.app, '/v2/save-address', full, { token: c.token });
      expect(noState.body.message).toBe('Please select shipping state');
      const unknownState = await post(t.app, '/v2/save-address', { ...full, state_id: 999_999 }, { token: c.token });
      expect(unknownState.body.message).toBe('Please select shipping state');
      const blank = await post(t.app, '/v2/save-address', { lang: 'zh' }, { token: c.token });
      expect(blank.body.message).toBe('请输入收件人姓名');
      expect(blank.errors.map((e) => e.field)).toEqual([
        'receiver_name',
        'phone',
        'address',
        'city',
        'state_id',
        'zip',
      ]);
      const mismatch = await post(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, country: 'CN' },
        { token: c.token },
      );
      expect(mismatch.body.message).toBe('The country does not match the shipping state');
      const rows = await t.db.selectFrom('addresses').selectAll().where('user_id', '=', c.userId).execute();
      expect(rows).toHaveLength(1);
    });

    it('creates, updates and deletes only the caller’s own addresses', async () => {
      const c = await customer(t.db);
      const stranger = await customer(t.db);
      const state = await stateId('PH-CEB');
      const created = await post<{ address: Address }>(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, company: 'Leaf Co', is_default: 1 },
        { token: c.token },
      );
      expect(created.status, created.body.message).toBe(200);
      expect(created.body.message).toBe('Address updated successfully');
      expect(created.body.data.address).toMatchObject({
        ...full,
        state_name: 'Cebu',
        country: 'PH',
        company: 'Leaf Co',
        is_default: true,
      });
      const id = created.body.data.address.id;

      const updated = await post(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, address_id: id, city: 'Mandaue' },
        { token: c.token },
      );
      expect(updated.body.data.address).toMatchObject({ id, city: 'Mandaue' });
      const list = await post(t.app, '/v2/get-addresses', {}, { token: c.token });
      expect(list.body.data.addresses[0]).toMatchObject({ id, is_default: true });
      expect(list.body.data.addresses.filter((a) => a.is_default)).toHaveLength(1);

      const hijack = await post(
        t.app,
        '/v2/save-address',
        { ...full, state_id: state, address_id: id, city: 'Evil' },
        { token: stranger.token },
      );
      expect(hijack.status).toBe(404);
      const foreignDelete = await post(t.app, '/v2/delete-address', { address_id: id }, { token: stranger.token });
      expect(foreignDelete.status).toBe(404);
      const theirs = await post(t.app, '/v2/get-addresses', {}, { token: stranger.token });
      expect(theirs.body.data.addresses.map((a) => a.id)).not.toContain(id);

      const deleted = await post(t.app, '/v2/delete-address', { address_id: id }, { token: c.token });
      expect(deleted.status).toBe(200);
      const after = await post(t.app, '/v2/get-addresses', {}, { token: c.token });
      expect(after.body.data.addresses.map((a) => a.id)).not.toContain(id);
      // The remaining address became the default.
      expect(after.body.data.addresses.filter((a) => a.is_default)).toHaveLength(1);
    });

    it('refuses to delete an address a subscription delivers to', async () => {
      const { product, variants } = await createProduct(t.db, { stock: 10, subscribable: true });
      const c = await customer(t.db);
      await placeOrder(t.app, c, {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1, frequency_weeks: 2 }],
      });
      const res = await post(t.app, '/v2/delete-address', { address_id: c.addressId }, { token: c.token });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/subscription/);
    });
  });
});
