import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import type { FakeBotApi } from '../support/telegram/fake-bot-api-server';
import { signInitData, tgUser } from '../support/telegram/init-data';
import { launchBrowser, newPage, type Shop } from './harness';
import { backOfficeKit } from './support/back-office';
import {
  tgEvents as events,
  openMiniAppLoggedIn,
  tgReceive as receive,
  startTelegramShop,
} from './support/telegram-shop';

// docs/decisions/019: Buy again on a past order (a browser), and inside the fake Telegram host the phone from Telegram
// at checkout (agree / refuse) and the one-time "add to home screen" offer after the first order.

describe('Buy again, phone from Telegram, add to home screen', () => {
  let shop: Shop;
  let browser: Browser;
  let botApi: FakeBotApi;
  let seq = 0;

  const { call } = backOfficeKit(() => shop);

  /** A registered customer; with a saved Metro Manila address unless `address: false`; linked to Telegram if asked. */
  async function customer(opts: { telegramId?: number; address?: boolean } = {}) {
    seq += 1;
    const password = 'secret1';
    const registered = await call<{ token: string; user_info: unknown }>('/v1/user-register', {
      nickname: `Again Buyer ${seq}`,
      email: `again.buyer${seq}@example.com`,
      phone: `+63918${String(4440000 + seq).slice(-7)}`,
      password,
      confirm_password: password,
    });
    expect(registered.success, registered.message).toBe(true);
    const token = registered.data.token;
    let addressId = '';
    if (opts.address !== false) {
      const states = await call<{ states: Array<{ id: number; code: string }> }>('/v2/get-states', {});
      const saved = await call<{ address: { id: number } }>(
        '/v2/save-address',
        {
          receiver_name: 'Mei Chen',
          phone: '+639170000000',
          address: '1 Tea Street',
          city: 'Makati',
          state_id: String(states.data.states.find((s) => s.code === 'PH-MM')!.id),
          zip: '1200',
          is_default: '1',
        },
        token,
      );
      expect(saved.success, saved.message).toBe(true);
      addressId = String(saved.data.address.id);
    }
    if (opts.telegramId) {
      const linked = await call(
        '/v2/link-telegram',
        { init_data: signInitData(tgUser(opts.telegramId)), password },
        token,
      );
      expect(linked.success, linked.message).toBe(true);
    }
    return { token, user: registered.data.user_info, addressId };
  }

  /** Two products in stock with their first packaging. */
  async function twoProducts() {
    const list = await call<{ products: Array<{ id: number; stock_total: number }> }>('/v2/get-product-list', {
      limit: '50',
    });
    const ids = list.data.products.filter((p) => p.stock_total >= 20).map((p) => p.id);
    const details = await Promise.all(
      ids.slice(0, 2).map((id) =>
        call<{
          product: { id: number; name: string; variants: Array<{ id: number; name: string; stock: number }> };
        }>('/v2/get-product-details', { product_id: String(id) }),
      ),
    );
    return details.map((d) => {
      const packaging = d.data.product.variants.find((v) => v.stock >= 5)!;
      return { id: d.data.product.id, name: d.data.product.name, packaging };
    });
  }

  /** The shop's database, written directly (what the back office would change). */
  const writeDb = (write: (db: Database.Database) => void) => {
    const db = new Database(join(shop.dir, 'shop.sqlite'), { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    try {
      write(db);
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    [{ shop, botApi }, browser] = await Promise.all([startTelegramShop(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await botApi?.close();
  });

  it('a customer with a past order presses Buy again: the cart holds the lines at today’s price', async () => {
    const c = await customer();
    const [kept, retired] = await twoProducts();
    const placed = await call<{ order: { id: number; order_no: string } }>(
      '/v1/order',
      {
        idempotency_key: `buy-again-e2e-${Date.now()}`,
        items: JSON.stringify([
          { product_id: kept!.id, variant_id: kept!.packaging.id, quantity: 2 },
          { product_id: retired!.id, variant_id: retired!.packaging.id, quantity: 1 },
        ]),
        address_id: c.addressId,
        payment_method: 'payment_link',
      },
      c.token,
    );
    expect(placed.success, placed.message).toBe(true);
    const { id: orderId, order_no: orderNo } = placed.data.order;
    // Since then: a new price for the first, the second's packaging retired.
    writeDb((db) => {
      db.prepare('update product_variants set price_cents = 2345, discount_price_cents = null where id = ?').run(
        kept!.packaging.id,
      );
      db.prepare('update product_variants set is_retired = 1 where id = ?').run(retired!.packaging.id);
    });

    const { page, errors, close } = await newPage(browser, `${shop.url}/order?id=${orderId}`, {
      session: { user: c.user, token: c.token },
    });
    const dialog = page.getByRole('dialog', { name: `Order ${orderNo}` });
    await dialog.getByRole('button', { name: `Buy again: order ${orderNo}` }).click();
    const report = dialog.getByRole('alert').filter({ hasText: 'added to your cart' });
    await report.getByText('2 items were added to your cart.').waitFor();
    await report.getByText(`${retired!.name} (${retired!.packaging.name}) is no longer sold`).waitFor();
    await report.getByRole('button', { name: 'Go to cart' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();

    const cart = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as Array<{
      product_id: number;
      variant_id: number;
      quantity: number;
      unit_price: number;
      has_discount: boolean;
      frequency_weeks: number;
      totalPrice: string;
    }>;
    expect(
      cart.map((l) => [l.variant_id, l.quantity, l.unit_price, l.has_discount, l.frequency_weeks, l.totalPrice]),
    ).toEqual([[kept!.packaging.id, 2, 2345, false, 0, '46.90']]);
    await page.getByText('$46.90').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('inside Telegram: the phone from Telegram only once agreed, and the first order offers the home screen once', async () => {
    const telegramId = 770_000_001;
    await customer({ telegramId, address: false });
    const [product] = await twoProducts();
    const { context, page, errors } = await openMiniAppLoggedIn(
      browser,
      `${shop.url}/details/${product!.id}`,
      telegramId,
    );
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(async () => (await events(page)).some((e) => e.type === 'web_app_setup_main_button' && e.data?.is_visible))
      .toBe(true);
    await receive(page, 'main_button_pressed');
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]').length)
      .toBe(1);

    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    const phone = dialog.getByLabel('Shipping contact phone');
    const useTelegram = dialog.getByRole('button', { name: 'Use my Telegram number' });

    // Refused: Telegram was asked, the field stays as it was, nothing is said.
    await page.evaluate(() => {
      (window as unknown as { __tgPhoneAnswer: string }).__tgPhoneAnswer = 'cancelled';
    });
    await phone.fill('0917');
    await useTelegram.click();
    await expect
      .poll(async () => (await events(page)).filter((e) => e.type === 'web_app_request_phone').length)
      .toBe(1);
    await expect.poll(() => useTelegram.isEnabled()).toBe(true);
    expect(await phone.inputValue()).toBe('0917');
    expect(await dialog.getByRole('alert').count()).toBe(0);

    // Agreed: the number Telegram shares, with its +.
    await page.evaluate(() => {
      (window as unknown as { __tgPhoneAnswer: string }).__tgPhoneAnswer = 'sent';
    });
    await useTelegram.click();
    await expect.poll(() => phone.inputValue()).toBe('+639171234567');
    const asked = (await events(page)).filter(
      (e) => e.type === 'web_app_invoke_custom_method' && e.data?.method === 'getRequestedContact',
    );
    expect(asked.length).toBeGreaterThanOrEqual(2);

    await dialog.getByLabel('Receiver name').fill('Mei Chen');
    await dialog.getByLabel('Address', { exact: true }).fill('1 Tea Street');
    await dialog.getByLabel('City').fill('Makati');
    await dialog.getByLabel('State').selectOption({ label: 'Metro Manila' });
    await dialog.getByLabel('Zip code').fill('1200');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Mei Chen · +639171234567').waitFor();

    // The first order: pay by link through the MainButton; the order screen offers the home screen.
    await page.getByRole('radio', { name: /Pay by Link/ }).check();
    // Once the new address's delivery fee is in (no longer "—"): the MainButton is active with the page's grand total.
    await expect
      .poll(
        async () => {
          const last = (await events(page)).filter((e) => e.type === 'web_app_setup_main_button').at(-1)?.data;
          const body = (await page.locator('body').textContent()) ?? '';
          const total = /Grand total\s*(\$\d+\.\d\d)/.exec(body)?.[1];
          return Boolean(
            total && last?.is_active && last.text === `Place order · ${total}` && /Delivery fee\s*\$\d/.test(body),
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await receive(page, 'main_button_pressed');
    await page.waitForURL(/\/order\?id=\d+/);
    const offer = page.getByRole('region', { name: 'Add Leaf & Cup to your home screen' });
    await offer.waitFor();
    expect((await events(page)).some((e) => e.type === 'web_app_check_home_screen')).toBe(true);
    await offer.getByRole('button', { name: 'Add to home screen' }).click();
    await expect.poll(async () => (await events(page)).some((e) => e.type === 'web_app_add_to_home_screen')).toBe(true);
    await offer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('leafcup.home_screen_offered'))).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
