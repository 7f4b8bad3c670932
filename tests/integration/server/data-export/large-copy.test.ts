import { randomBytes } from 'node:crypto';
import { runExportRound } from '../../../../src/server/data-export/job';
import { createAddress } from '../../../factories/addresses';
import { createUser } from '../../../factories/users';
import { buildTestApp, dialects, post, type TestApp } from '../../helper';
import { orderInStatus } from '../admin/support';
import { download, unzip } from './support';

/**
 * A copy whose uploads outweigh its limit (docs/decisions/051, "Size"): the ZIP is written to disk and streamed into the
 * file store; the uploads that do not fit are left out and named in data.json, the data itself always comes. The
 * limit is lowered here so that a few small receipts cross it.
 */
describe.each(dialects)('a copy larger than its limit, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with three completed orders, each with a 20 kB receipt of random (incompressible) bytes. */
  async function customerWithReceipts() {
    const { user, token } = await createUser(t.db);
    const address = await createAddress(t.db, user.id);
    const c = { userId: user.id, token, addressId: address.id };
    const receipts = new Map<string, Buffer>();
    for (let i = 0; i < 3; i++) {
      const order = await orderInStatus(t, 'Completed', { c });
      const bytes = randomBytes(20_000);
      const key = `receipts/${randomBytes(16).toString('hex')}.jpg`;
      await t.app.files.put(key, bytes);
      await t.db.updateTable('orders').set({ receipt_path: key }).where('id', '=', order.id).execute();
      receipts.set(`uploads/receipts/${order.orderNo}.jpg`, bytes);
    }
    return { user, token, receipts };
  }

  async function copyOf(token: string, maxBytes?: number) {
    const asked = await post(t.app, '/v2/request-data-export', {}, { token });
    expect(asked.status, asked.body.message).toBe(200);
    const now = t.shop.clock();
    const round = await runExportRound(t.shop, now, undefined, maxBytes ? { maxBytes } : undefined);
    expect(round.failed).toEqual([]);
    const state = await post(t.app, '/v2/get-data-export', {}, { token });
    const got = await download(t, state.body.data.export!.download_url!);
    expect(got.status).toBe(200);
    const entries = await unzip(got.bytes);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    return { bytes: got.bytes, entries, data };
  }

  it('leaves out the uploads that do not fit, names them in data.json and the README, and stays under the limit', async () => {
    const { token, receipts } = await customerWithReceipts();
    const maxBytes = 110_000;
    const { bytes, entries, data } = await copyOf(token, maxBytes);
    expect(bytes.length).toBeLessThanOrEqual(maxBytes);
    const names = [...receipts.keys()];
    const inZip = names.filter((n) => entries.has(n));
    expect(inZip.length).toBeGreaterThanOrEqual(1);
    expect(inZip.length).toBeLessThan(3);
    for (const name of inZip) expect(entries.get(name)!.equals(receipts.get(name)!)).toBe(true);
    const leftOut = names.filter((n) => !entries.has(n));
    expect(data.about.uploads_not_included).toEqual(leftOut.map((file) => ({ file, size_bytes: 20_000 })));
    expect(data.orders).toHaveLength(3);
    expect(entries.get('README.txt')!.toString('utf8')).toContain('about.uploads_not_included');
  });

  it('holds every upload under the file store’s own limit, and says nothing is left out', async () => {
    const { token, receipts } = await customerWithReceipts();
    const { entries, data } = await copyOf(token);
    for (const [name, bytes] of receipts) expect(entries.get(name)!.equals(bytes)).toBe(true);
    expect(data.about.uploads_not_included).toBeUndefined();
    expect(entries.get('README.txt')!.toString('utf8')).not.toContain('uploads_not_included');
  });
});
