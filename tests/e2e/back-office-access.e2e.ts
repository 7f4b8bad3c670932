import type { Browser, Page } from 'playwright-core';
import { type FakeBotApi, startFakeBotApi } from '../support/telegram/fake-bot-api-server';
import { signInitData, TEST_BOT_TOKEN, tgUser } from '../support/telegram/init-data';
import { launchBrowser, newPage, type Shop, startShop } from './harness';
import { backOfficeKit, openAs, type Person, scrollsSideways } from './support/back-office';
import { fakeTelegramHost, type TgEvent, telegramLaunchHash } from './support/fake-telegram-host';

// Who sees what in the back office, on which screen (docs/decisions/013): a fulfilment member's navigation has no
// Customers, Affiliates, Staff, Audit log (nor coupons or settings), /admin/staff shows no staff screen and the
// server answers 403; at 390×844 the orders list and an order page fit the phone and the navigation is reachable;
// inside Telegram (a fake host) an order page's main action is Telegram's MainButton and the BackButton shows.

describe('back office: roles, phone and Telegram', () => {
  let shop: Shop;
  let browser: Browser;
  let botApi: FakeBotApi;
  const kit = backOfficeKit(() => shop);
  let manager: Person;
  let fulfilment: Person;

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    [shop, browser] = await Promise.all([
      startShop({
        env: { BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_API_ROOT: botApi.url, PUBLIC_URL: 'https://shop.example.com' },
      }),
      launchBrowser(),
    ]);
    [manager, fulfilment] = await Promise.all([
      kit.staff('Mona Manager', 'manager'),
      kit.staff('Finn Fulfilment', 'fulfilment'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await botApi?.close();
  });

  const navLinks = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link').first().waitFor();
    return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
  };

  it('8. a fulfilment member sees only the dashboard and orders; /admin/staff shows no staff screen; the server says 403', async () => {
    const { page, errors, close } = await openAs(browser, shop, fulfilment, '/admin');
    const links = await navLinks(page);
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Orders']));
    for (const hidden of ['Customers', 'Affiliates', 'Staff', 'Audit log', 'Subscriptions'])
      expect(links, hidden).not.toContain(hidden);
    expect(links.filter((l) => /coupon|setting/i.test(l))).toEqual([]);
    const all = await page.getByRole('link').allTextContents();
    expect(all.filter((l) => /coupon|setting/i.test(l))).toEqual([]);

    await page.goto(`${shop.url}/admin/staff`);
    await page.getByText('There is no such page in the back office.').waitFor();
    expect(await page.getByRole('heading', { name: 'Staff' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add staff' }).count()).toBe(0);

    const refused = await kit.call('/admin/staff/list', {}, fulfilment.token);
    expect(refused.status).toBe(403);
    expect(refused.success).toBe(false);
    // And the manager is refused the owner's screens by the server too.
    expect((await kit.call('/admin/staff/list', {}, manager.token)).status).toBe(403);
    expect((await kit.call('/admin/audit/list', {}, manager.token)).status).toBe(403);
    expect(errors).toEqual([]);
    await close();
  });

  it('9. on a 390×844 phone the orders list and an order page fit the screen and the navigation is reachable', async () => {
    const buyer = await kit.customer('Pia Phone');
    const order = await kit.placeTransferOrder(buyer);
    const phone = { width: 390, height: 844 };
    const { page, errors, close } = await openAs(browser, shop, manager, '/admin/orders', phone);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: order.order_no });
    await row.waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    // Every navigation link can be brought into view and pressed (a scrolling row of tabs on a phone).
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const customers = nav.getByRole('link', { name: 'Customers' });
    await customers.scrollIntoViewIfNeeded();
    expect(await customers.isVisible()).toBe(true);
    await customers.click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    // The order page: readable without sideways scrolling, its actions in reach.
    await page.getByRole('row').filter({ hasText: order.order_no }).getByRole('link', { name: order.order_no }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();
    await page
      .getByRole('img', { name: `Receipt image of order ${order.order_no}` })
      .first()
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const confirm = page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Confirm payment' });
    await confirm.scrollIntoViewIfNeeded();
    expect(await confirm.isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page)).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('10. inside Telegram a staff member’s order page: MainButton "Mark as processing" moves it to Processing; BackButton shown', async () => {
    const telegramId = 990_000_123;
    const member = await kit.staff('Tara Telegram', 'fulfilment');
    await kit.ok(
      '/v2/link-telegram',
      { init_data: signInitData(tgUser(telegramId)), password: member.password },
      member.token,
    );
    const buyer = await kit.customer('Gus Guest');
    const order = await kit.placeTransferOrder(buyer);
    await kit.ok('/admin/orders/confirm-payment', { order_no: order.order_no }, manager.token);

    const context = await browser.newContext({ viewport: { width: 390, height: 780 }, locale: 'en-US' });
    await context.addInitScript(fakeTelegramHost());
    // The age question was answered on an earlier visit.
    await context.addInitScript(() => localStorage.setItem('hasVisited', 'true'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    // Opened from the bot's "Open order" button: logged in by Telegram, no password.
    await page.goto(
      `${shop.url}/admin/orders/${order.order_no}${telegramLaunchHash(signInitData(tgUser(telegramId)))}`,
    );
    await page.waitForURL((u) => u.pathname === `/admin/orders/${order.order_no}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();

    const events = () => page.evaluate(() => (window as unknown as { __tgEvents: TgEvent[] }).__tgEvents);
    const last = async (type: string) => (await events()).filter((e) => e.type === type).at(-1)?.data;
    await expect
      .poll(() => last('web_app_setup_main_button'), { timeout: 10_000 })
      .toMatchObject({ text: 'Mark as processing', is_visible: true });
    await expect.poll(async () => (await last('web_app_setup_back_button'))?.is_visible).toBe(true);
    // The page header's twin of the main action is hidden inside Telegram (the MainButton is it); the Actions
    // card still lists it.
    expect(await page.getByRole('button', { name: 'Mark as processing' }).count()).toBe(1);
    expect(
      await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Mark as processing' }).count(),
    ).toBe(1);

    await page.evaluate(() =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }
      ).Telegram.WebView.receiveEvent('main_button_pressed'),
    );
    await expect
      .poll(
        async () =>
          (
            await kit.ok<{ order: { status: string } }>(
              '/admin/orders/get',
              { order_no: order.order_no },
              manager.token,
            )
          ).order.status,
        { timeout: 10_000 },
      )
      .toBe('Processing');
    // The next step becomes the MainButton.
    await expect
      .poll(() => last('web_app_setup_main_button'), { timeout: 10_000 })
      .toMatchObject({ text: 'Mark as completed', is_visible: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('11. the back office sits in telegram-ui’s AppRoot with its stylesheet; the shop’s pages load none of telegram-ui’s CSS', async () => {
    /** Whether any stylesheet of the page (a file or inlined) holds telegram-ui's rules (class names `tgui-…`). */
    const hasTelegramUiCss = (page: Page) =>
      page.evaluate(() =>
        [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('.tgui-'))),
      );
    const { product_id } = await kit.catalogue();
    // A first visit (the age question showing) of the shop's first screens.
    const shopPage = await newPage(browser, `${shop.url}/`);
    const css: string[] = [];
    shopPage.page.on('response', async (res) => {
      if (res.request().resourceType() === 'stylesheet') css.push(await res.text().catch(() => ''));
    });
    for (const path of ['/', '/products', `/details/${product_id}`]) {
      await shopPage.page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      await shopPage.page.locator('main').first().waitFor();
      expect(await hasTelegramUiCss(shopPage.page), path).toBe(false);
      expect(await shopPage.page.locator('[class*="tgui-"]').count(), path).toBe(0);
    }
    expect(css.filter((text) => text.includes('.tgui-'))).toEqual([]);
    await shopPage.close();

    const { page, errors, close } = await openAs(browser, shop, manager, '/admin');
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('.admin')?.parentElement?.className ?? '')).toMatch(
      /^tgui-/,
    );
    expect(await hasTelegramUiCss(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
