import { canMove as canTransition, ORDER_MOVES as TRANSITIONS } from '../../../../src/common/order-workflow';
import { loadConfig } from '../../../../src/server/config';
import { detectImageKind } from '../../../../src/server/files/images';
import { formatBytes } from '../../../../src/server/lib/uploads';
import { newOrderNo, ORDER_NO_PATTERN } from '../../../../src/server/orders/order-number';
import {
  createTelegramInvoiceLink,
  InvoiceLinkError,
  invoicePrices,
  invoiceRequest,
} from '../../../../src/server/orders/telegram-invoice';

describe('order status rules', () => {
  it('allows Pending → Paid → Processing → Completed and Cancelled from Pending or Paid only', () => {
    expect(TRANSITIONS).toEqual({
      Pending: ['Paid', 'Cancelled'],
      Paid: ['Processing', 'Cancelled'],
      Processing: ['Completed'],
      Completed: [],
      Cancelled: [],
    });
    expect(canTransition('Pending', 'Completed')).toBe(false);
    expect(canTransition('Processing', 'Cancelled')).toBe(false);
    expect(canTransition('Shipped', 'Paid')).toBe(false);
  });

  it('numbers orders LC-YYYYMMDD-XXXXXX', () => {
    const no = newOrderNo(new Date('2026-11-22T23:59:00Z'));
    expect(no).toMatch(ORDER_NO_PATTERN);
    expect(no.startsWith('LC-20261122-')).toBe(true);
    expect(new Set(Array.from({ length: 200 }, () => newOrderNo())).size).toBe(200);
  });
});

describe('receipt checks', () => {
  it('recognises PNG, JPEG and WebP by their bytes and nothing else', () => {
    expect(detectImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpg');
    expect(detectImageKind(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe(
      'webp',
    );
    expect(detectImageKind(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.from([0x89, 0x50]))).toBeNull();
    expect(detectImageKind(new Uint8Array())).toBeNull();
  });

  it('says sizes the way people read them', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
  });
});

describe('Telegram invoice', () => {
  const config = loadConfig({
    BOT_TOKEN: '123456:TEST-TOKEN-abcdefghijklmnopqrstuvwxyz',
    PAYMENT_PROVIDER_TOKEN: 'prov',
    TELEGRAM_API_ROOT: 'https://api.example',
  });
  const order = {
    id: 7,
    order_no: 'LC-20261122-ABCDEF',
    total_cents: 6000 + 450 - 500 - 300,
    delivery_fee_cents: 450,
    coupon_code: 'SAVE5',
    coupon_discount_cents: 500,
    cash_reward_cents: 300,
    lines: [
      { name: 'Sencha (50 g)', quantity: 2, line_total_cents: 4000 },
      { name: 'Oolong (100 g)', quantity: 1, line_total_cents: 2000 },
    ],
  };

  it('breaks the price down into lines, delivery and negative discounts that add up to the total', () => {
    expect(invoicePrices(order)).toEqual([
      { label: 'Sencha (50 g) × 2', amount: 4000 },
      { label: 'Oolong (100 g) × 1', amount: 2000 },
      { label: 'Delivery', amount: 450 },
      { label: 'Coupon SAVE5', amount: -500 },
      { label: 'Cash reward', amount: -300 },
    ]);
    expect(() => invoicePrices({ ...order, total_cents: 1 })).toThrow(InvoiceLinkError);
    const body = invoiceRequest(config, order);
    expect(body).toMatchObject({ currency: 'USD', payload: 'order:7:5650', provider_token: 'prov' });
    expect(body.title.length).toBeLessThanOrEqual(32);
  });

  it('calls createInvoiceLink and answers the link; a refusal is an InvoiceLinkError', async () => {
    const seen: string[] = [];
    const ok = (async (url: string) => {
      seen.push(url);
      return new Response(JSON.stringify({ ok: true, result: 'https://t.me/$abc' }));
    }) as unknown as typeof fetch;
    expect(await createTelegramInvoiceLink(config, order, ok)).toBe('https://t.me/$abc');
    expect(seen).toEqual([`https://api.example/bot${config.BOT_TOKEN}/createInvoiceLink`]);
    const refused = (async () =>
      new Response(JSON.stringify({ ok: false, description: 'CURRENCY_INVALID' }), {
        status: 400,
      })) as unknown as typeof fetch;
    await expect(createTelegramInvoiceLink(config, order, refused)).rejects.toThrow('CURRENCY_INVALID');
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    await expect(createTelegramInvoiceLink(config, order, down)).rejects.toThrow(InvoiceLinkError);
    await expect(createTelegramInvoiceLink(loadConfig({}), order, ok)).rejects.toThrow(
      'no payment provider configured',
    );
  });
});
