import type { Page } from 'playwright-core';
import { signInitData, tgUser } from '../support/telegram/init-data';
import { newPage } from './harness';
import { shopJourney } from './support/back-office';
import { openMiniAppLoggedIn, tgReceive } from './support/telegram-shop';

// docs/decisions/052: the cart follows a logged-in customer across devices. Tea added in the Mini App (the fake
// Telegram host, logged in automatically as the linked customer) is in the cart of a separate browser on the web once
// the same customer logs in there; a change on the web shows in the Mini App when it comes back to the front.

describe('one cart everywhere', () => {
  const journey = shopJourney({ telegram: true });
  const { call } = journey.kit;

  const cartOf = async (page: Page) =>
    JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]') as Array<{
      product_id: number;
      variant_id: number;
      quantity: number;
    }>;

  it('adds in the Mini App, logs in on the web in another browser, and finds the same cart', async () => {
    const password = 'secret1';
    const email = `everywhere.${Date.now() % 100000}@example.com`;
    const registered = await call<{ token: string }>('/v1/user-register', {
      nickname: 'Everywhere Buyer',
      email,
      phone: '+639175551234',
      password,
      confirm_password: password,
    });
    expect(registered.success, registered.message).toBe(true);
    const telegramId = 881_000_001;
    const linked = await call(
      '/v2/link-telegram',
      { init_data: signInitData(tgUser(telegramId)), password },
      registered.data.token,
    );
    expect(linked.success, linked.message).toBe(true);
    const list = await call<{ products: Array<{ id: number; name: string; stock_total: number }> }>(
      '/v2/get-product-list',
      { limit: '50' },
    );
    const tea = list.data.products.find((p) => p.stock_total >= 20)!;

    // The phone: the Mini App, "Add to cart" by the MainButton.
    const phone = await openMiniAppLoggedIn(journey.browser, `${journey.shop.url}/details/${tea.id}`, telegramId);
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(async () => (await phone.page.evaluate(() => localStorage.getItem('leafcup.cart_sync'))) !== null)
      .toBe(true);
    await tgReceive(phone.page, 'main_button_pressed');
    await expect.poll(async () => (await cartOf(phone.page)).length).toBe(1);
    const [added] = await cartOf(phone.page);
    expect(added).toMatchObject({ product_id: tea.id, quantity: 1 });
    // Saved on the server (the sync gathers changes for a moment first).
    await expect
      .poll(
        async () => {
          const saved = await call<{ lines: Array<{ product: { id: number }; quantity: number }> }>(
            '/v2/get-cart',
            {},
            registered.data.token,
          );
          return saved.data.lines.map((l) => [l.product.id, l.quantity]);
        },
        { timeout: 15_000 },
      )
      .toEqual([[tea.id, 1]]);

    // The laptop: a separate browser context, logged out, logs in with the same account.
    const laptop = await newPage(journey.browser, `${journey.shop.url}/login`);
    await laptop.page.getByRole('button', { name: 'Yes', exact: true }).click();
    await laptop.page.getByLabel('Email / Phone Number', { exact: true }).fill(email);
    await laptop.page.getByLabel('Password', { exact: true }).fill(password);
    await laptop.page.getByRole('button', { name: 'Log in' }).click();
    await laptop.page.waitForURL(`${journey.shop.url}/`);
    await expect
      .poll(async () => (await cartOf(laptop.page)).map((l) => [l.variant_id, l.quantity]), { timeout: 15_000 })
      .toEqual([[added!.variant_id, 1]]);
    await laptop.page.goto(`${journey.shop.url}/cart`);
    await laptop.page.getByRole('heading', { level: 1, name: 'Your Cart' }).waitFor();
    const increase = laptop.page.getByRole('button', { name: /^Increase quantity of / });
    await increase.click();
    await increase.click();
    await expect.poll(async () => (await cartOf(laptop.page)).map((l) => l.quantity)).toEqual([3]);

    // Back on the phone: the Mini App comes to the front again and shows the laptop's change.
    await expect
      .poll(
        async () => {
          await phone.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
          return (await cartOf(phone.page)).map((l) => l.quantity);
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toEqual([3]);
    expect(laptop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await laptop.close();
    await phone.context.close();
  });
});
