import { describe, expect, it } from 'vitest';
import type { OrderFigures } from '../../../../src/server/mail/order-figures';
import type { MailContext } from '../../../../src/server/mail/templates/index';
import { orderPlacedMail } from '../../../../src/server/mail/templates/order-placed';
import { renewalChargeFailedMail } from '../../../../src/server/mail/templates/order-renewal';
import { orderReceiptRejectedMail, orderShippedMail } from '../../../../src/server/mail/templates/order-status';

// Order e-mails rendered from the figures queued with them (mail/order-figures.ts): no database is read (the context
// has none), what the customer typed is escaped in the HTML, and the texts read right in both languages.

const ctx = (lang: 'en' | 'zh') =>
  ({ lang, shopUrl: 'https://shop.test', db: null, config: {} }) as unknown as MailContext;

const figures: OrderFigures = {
  order: {
    id: 7,
    order_no: 'LC-7',
    status: 'Paid',
    payment_method: 'bank_transfer',
    subtotal_cents: 2500,
    delivery_fee_cents: 0,
    coupon_code: null,
    coupon_discount_cents: 0,
    cash_reward_cents: 0,
    total_cents: 2500,
    receiver_name: 'Ann <b>Lee</b>',
    phone: '+60123456789',
    company: null,
    address: '1 Leaf St <script>alert(1)</script>',
    city: 'Kuala Lumpur',
    state_name: 'Selangor',
    zip: '50000',
    country: 'Malaysia',
    tracking_company: 'LBC',
    tracking_number: 'TRK-1',
    tracking_link: 'javascript:alert(1)',
    has_receipt: true,
  },
  items: [
    {
      name_en: 'Dragon Well',
      name_zh: '龙井',
      variant_name_en: '50 g',
      variant_name_zh: '50 克',
      quantity: 2,
      frequency_weeks: 4,
      line_total_cents: 2500,
    },
  ],
  owedCents: 0,
};

describe('order e-mails from their figures', () => {
  it('name a Subscribe & save line in each language with its own punctuation', async () => {
    const en = await orderPlacedMail(ctx('en'), { orderId: 7, figures });
    expect(en.text).toContain('Dragon Well (50 g) × 2, every 4 weeks');
    const zh = await orderPlacedMail(ctx('zh'), { orderId: 7, figures });
    expect(zh.text).toContain('龙井（50 克）× 2，每 4 周');
    expect(zh.text).not.toContain(', 每');
  });

  it('escape what customers and staff typed, and link no tracking address that is not http(s)', async () => {
    const placed = await orderPlacedMail(ctx('en'), { orderId: 7, figures });
    expect(placed.html).not.toContain('<script>');
    expect(placed.html).not.toContain('<b>Lee');
    expect(placed.html).toContain('&lt;script&gt;');
    expect(placed.text).toContain('1 Leaf St <script>alert(1)</script>');
    const rejected = await orderReceiptRejectedMail(ctx('en'), {
      orderId: 7,
      figures,
      reason: 'Blurry <img src=x onerror=alert(1)>',
    });
    expect(rejected.html).not.toContain('<img src=x');
    expect(rejected.text).toContain('Blurry <img src=x onerror=alert(1)>');
    const shipped = await orderShippedMail(ctx('en'), { orderId: 7, figures });
    expect(shipped.html).not.toContain('javascript:');
    expect(shipped.text).toContain('TRK-1');
  });

  it('tell a renewal not charged to the saved card: the next try or the last, and Pay now, in both languages', async () => {
    const retry = await renewalChargeFailedMail(ctx('en'), {
      orderId: 7,
      figures,
      retryAt: '2026-12-09T10:00:00.000Z',
    });
    expect(retry.subject).toBe('Renewal order #LC-7: your card was not charged');
    expect(retry.text).toContain('We will try again on 2026-12-09');
    expect(retry.text).toContain('Pay now');
    expect(retry.text).toContain('https://shop.test/order?id=7');
    const last = await renewalChargeFailedMail(ctx('zh'), { orderId: 7, figures, retryAt: null });
    expect(last.subject).toBe('续订订单 #LC-7：未能从您的卡扣款');
    expect(last.text).toContain('这是最后一次尝试');
    expect(last.text).toContain('立即付款');
  });
});
