import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { messages } from '../../../../src/common/i18n/messages';
import { CUSTOMER_IMAGE_LIMITS } from '../../../../src/server/files/images';
import { createProduct } from '../../../factories/products';
import { buildTestApp, dialects, storedKeys, type TestApp } from '../../helper';
import { answerWhileSending, customer, PROVIDER_ENV, placeOrder } from '../orders/support';

// Whatever image a customer sends is decoded under a pixel limit and kept as a bounded JPEG (docs/decisions/034), and
// an upload path checks the session before it reads a byte of the body.

/** A PNG that says it is `width` × `height` (the header staff's browser would trust), with a token image body. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from('789c63000000010001', 'hex')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(dialects)('customer uploads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: PROVIDER_ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const receipts = async () => (await storedKeys(t, 'receipts/')).length;
  async function orderWithReceipt(bytes: Uint8Array, type = 'image/png') {
    const { product, variants } = await createProduct(t.db, { stock: 10 });
    const c = await customer(t.db);
    return placeOrder(
      t.app,
      c,
      {
        items: [{ product_id: product.id, variant_id: variants[0]!.id, quantity: 1 }],
        payment_method: 'bank_transfer',
        payment_reference: 'REF-4455',
      },
      { bytes, type },
    );
  }

  it('a 20000 × 20000 PNG is refused with a clear message; nothing is stored, no order made', async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const before = await receipts();
    const orders = await t.db.selectFrom('orders').select('id').execute();
    const res = await orderWithReceipt(bomb);
    expect(res.status).toBe(422);
    expect(res.errors).toEqual([
      { field: 'receipt', message: messages.en.receiptPixelsTooMany.replace('{{megapixels}}', '40') },
    ]);
    expect(await receipts()).toBe(before);
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(orders.length);
  });

  it('a large photo is kept as a JPEG within 2000 × 2000, upright, without its metadata', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#7a5' } })
      .png()
      .withExif({ IFD0: { Copyright: 'Taken at 14.5995 N, 120.9842 E' } })
      .toBuffer();
    const res = await orderWithReceipt(photo);
    expect(res.status, res.body.message).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: res.body.data.order.receipt_url! });
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: CUSTOMER_IMAGE_LIMITS.maxSide, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes('14.5995')).toBe(false);
  });

  it('an anonymous upload is refused with 401 while its body is still being sent', async () => {
    for (const path of ['/v1/order', '/v2/submit-payment', '/v1/request-exchange']) {
      const answer = await answerWhileSending(t.app, path);
      expect(answer, path).not.toBe('no answer');
      if (answer === 'no answer') continue;
      expect(answer.status, path).toBe(401);
      const forged = await answerWhileSending(t.app, path, { authorization: 'Bearer not-a-session' });
      expect(forged === 'no answer' ? 0 : forged.status, path).toBe(401);
    }
  });
});
