import type { Browser, Page } from 'playwright-core';
import type { FakeBotApi } from '../support/telegram/fake-bot-api-server';
import { signInitData, tgUser } from '../support/telegram/init-data';
import { launchBrowser, newPage, type Shop } from './harness';
import { backOfficeKit } from './support/back-office';
import { addToCartFromProductPage, fillAddress, payByTransfer } from './support/checkout';
import { openMiniAppLoggedIn, startTelegramShop, tgEvents, tgReceive } from './support/telegram-shop';

// A customer with no address adds the first one in the checkout's dialog and places the order at once: inside
// Telegram with the MainButton, in a browser with the page's button. The summary for the new address is held back
// (a slow network) so the press surely comes before it: the order must go with the total that includes the new
// address's delivery fee, never with the total shown before (which the server refuses: 409 "The total is now …").

describe('Placing right after adding the first address at checkout', () => {
  let shop: Shop;
  let browser: Browser;
  let botApi: FakeBotApi;
  let productId: number;
  let seq = 0;

  const kit = backOfficeKit(() => shop);

  /** A registered customer without any address; linked to Telegram when `telegramId` is given. */
  async function customer(telegramId?: number) {
    seq += 1;
    const password = 'secret1';
    const registered = await kit.ok<{ token: string; user_info: unknown }>('/v1/user-register', {
      nickname: `First Address ${seq}`,
      email: `first.address${seq}@example.com`,
      phone: `+63919${String(3330000 + seq).slice(-7)}`,
      password,
      confirm_password: password,
    });
    if (telegramId) {
      await kit.ok('/v2/link-telegram', { init_data: signInitData(tgUser(telegramId)), password }, registered.token);
    }
    return { token: registered.token, user: registered.user_info };
  }

  /** Holds back every summary asked for an address by 1.5 s; the others pass at once. */
  const slowSummariesForAnAddress = (page: Page) =>
    page.route('**/v2/checkout-summary', async (route) => {
      if (/(^|&)address_id=/.test(route.request().postData() ?? '')) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });

  /** The status and message of every /v1/order answer the page gets. */
  const orderAnswers = (page: Page) => {
    const answers: Array<{ status: number; message: string }> = [];
    page.on('response', async (res) => {
      if (new URL(res.url()).pathname !== '/v1/order') return;
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      answers.push({ status: res.status(), message: body.message ?? '' });
    });
    return answers;
  };

  /** The grand total the page shows, once the delivery fee is in (not "—" as without an address). */
  const grandTotalWithFee = async (page: Page) => {
    const totals = page.locator('.co-totals');
    const fee = (await totals.locator('div', { hasText: 'Delivery fee' }).locator('dd').textContent()) ?? '';
    if (!/^\$\d+\.\d\d$/.test(fee)) return null;
    return (await totals.locator('.co-totals__grand dd').textContent()) ?? null;
  };

  /** The order just opened at /order?id=: its total as the server keeps it. */
  const placedTotal = async (page: Page, token: string) => {
    await page.waitForURL(/\/order\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const details = await kit.ok<{ order: { total_cents: number; delivery_fee_cents: number } }>(
      '/v1/get-order-details',
      { order_id: id },
      token,
    );
    return details.order;
  };

  const address = { name: 'Mei Chen', phone: '+639171234567', address: '1 Tea Street', city: 'Makati', zip: '1200' };

  beforeAll(async () => {
    [{ shop, botApi }, browser] = await Promise.all([startTelegramShop(), launchBrowser()]);
    productId = (await kit.catalogue()).product_id;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await botApi?.close();
  });

  it('inside Telegram: the MainButton pressed at once places nothing until the new total is on it, then places that total', async () => {
    const telegramId = 770_100_001;
    const { token } = await customer(telegramId);
    const { context, page, errors } = await openMiniAppLoggedIn(
      browser,
      `${shop.url}/details/${productId}`,
      telegramId,
    );
    const mainButton = async () =>
      (await tgEvents(page)).filter((e) => e.type === 'web_app_setup_main_button').at(-1)?.data;
    const press = () => tgReceive(page, 'main_button_pressed');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(async () => (await mainButton())?.text === 'Add to cart' && (await mainButton())?.is_active)
      .toBe(true);
    await press();
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]').length)
      .toBe(1);

    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: /Pay by Link/ }).check();
    // Without an address: a total without delivery fee on the MainButton.
    await expect.poll(async () => /^Place order · \$\d+\.\d\d$/.test(String((await mainButton())?.text))).toBe(true);
    const before = String((await mainButton())?.text);

    const answers = orderAnswers(page);
    await slowSummariesForAnAddress(page);
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddress(dialog, address);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Mei Chen · +639171234567').waitFor();

    // Pressed at once, while the new address's total is on its way: the button is off, the press places nothing.
    expect(await mainButton()).toMatchObject({ is_active: false, text: 'Please wait...' });
    await press();

    // The new total arrives: on the MainButton, the page's grand total with the delivery fee in.
    await expect
      .poll(
        async () => {
          const last = await mainButton();
          const total = await grandTotalWithFee(page);
          return Boolean(total && last?.is_active && last.text === `Place order · ${total}`);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    const shown = String((await mainButton())?.text);
    expect(shown).not.toBe(before);
    await press();
    const order = await placedTotal(page, token);
    expect(`Place order · $${(order.total_cents / 100).toFixed(2)}`).toBe(shown);
    expect(order.delivery_fee_cents).toBeGreaterThan(0);
    // One request, accepted: nothing went with the total shown before the address.
    // The response listener reads the body asynchronously: wait for it (seen empty once in a clean-clone run).
    await expect.poll(() => answers).toEqual([{ status: 200, message: 'Your order has been placed' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("in a browser: the page's button clicked at once waits for the new total, then places it", async () => {
    const { token, user } = await customer();
    const { page, errors, close } = await newPage(browser, `${shop.url}/details/${productId}`, {
      session: { user, token },
    });
    await addToCartFromProductPage(page);

    await page.goto(`${shop.url}/checkout`);
    await page.getByText('You have no saved address yet.').waitFor();
    await payByTransfer(page, 'BDO-REF-FIRST');
    const place = page.locator('[data-primary-action="place-order"]');
    await expect.poll(() => place.textContent()).toMatch(/^Place order · \$\d+\.\d\d$/);

    const answers = orderAnswers(page);
    await slowSummariesForAnAddress(page);
    await page.getByRole('button', { name: /Add address/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddress(dialog, address);
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: /Mei Chen/ }).isChecked()).toBe(true);

    // At once: the button says to wait and cannot be pressed; a click waits for it.
    expect(await place.textContent()).toBe('Please wait...');
    expect(await place.isDisabled()).toBe(true);
    await place.click();
    const order = await placedTotal(page, token);
    expect(order.delivery_fee_cents).toBeGreaterThan(0);
    // The response listener reads the body asynchronously: wait for it (seen empty once in a clean-clone run).
    await expect.poll(() => answers).toEqual([{ status: 200, message: 'Your order has been placed' }]);
    expect(errors).toEqual([]);
    await close();
  });
});
