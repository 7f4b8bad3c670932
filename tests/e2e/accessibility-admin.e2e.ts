import type { Page } from 'playwright-core';
import type { TestPage } from './harness';
import { checkScreen, openVariant, VARIANTS } from './support/axe';
import { backOfficeJourney, type PlacedOrder } from './support/back-office';

// WCAG 2.2 AA by axe-core on every back-office screen as an owner, in English and Chinese at 390 and 1366 px
// (docs/decisions/048): each screen of the navigation, an order, its packing slip, a customer, a product's edit page
// with its stock, a coupon, each tab of the tabbed screens and a dialog. One shop, one context per language/width.

/** Screens by path under /admin, and what shows once each has loaded its data. */
const SCREENS: Array<{ path: string; name: string; tabs?: boolean }> = [
  { path: '', name: 'dashboard' },
  { path: '/orders', name: 'orders list' },
  { path: '/exchanges', name: 'exchanges' },
  { path: '/customers', name: 'customers list' },
  { path: '/coupons', name: 'coupons list' },
  { path: '/coupons/new', name: 'new coupon' },
  { path: '/subscriptions', name: 'subscriptions' },
  { path: '/affiliates', name: 'affiliates', tabs: true },
  { path: '/products', name: 'products list' },
  { path: '/products/import', name: 'catalogue import and export' },
  { path: '/staff', name: 'staff' },
  { path: '/shipping', name: 'shipping' },
  { path: '/settings', name: 'settings' },
  { path: '/content', name: 'content', tabs: true },
  { path: '/audit', name: 'audit' },
  { path: '/system', name: 'system' },
  { path: '/me', name: 'my alerts' },
  { path: '/no-such-screen', name: 'back-office not found' },
];

// The shop's start and its people take minutes on a busy machine (the shared CI box runs others' tests too).
vi.setConfig({ hookTimeout: 300_000 });

describe('accessibility of the back office', { timeout: 240_000 }, () => {
  const journey = backOfficeJourney(
    async (kit) => {
      const owner = await kit.staff('Olive Owner', 'owner');
      const buyer = await kit.customer('Carl Customer');
      const order: PlacedOrder = await kit.placeTransferOrder(buyer);
      const product = await kit.catalogue();
      return { owner, buyer, order, productId: product.product_id };
    },
    { timeoutMs: 120_000 },
  );

  describe.each(VARIANTS)('in $lang at $width px', (v) => {
    let opened: TestPage;
    let page: Page;
    // The screen's data read: the network quiet for a moment (a screen that keeps polling is checked as it is).
    const idle = () => page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const go = async (path: string) => {
      await page.goto(`${journey.shop.url}/admin${path}`, { waitUntil: 'load' });
      await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor()
        .catch((err: Error) => {
          throw new Error(`/admin${path} shows no level-1 heading: ${err.message}`);
        });
      await idle();
    };

    beforeAll(async () => {
      const { owner } = journey.people;
      opened = await openVariant(journey.browser, journey.shop.url, v, '/admin', {
        session: { user: owner.userInfo, token: owner.token },
      });
      page = opened.page;
    });
    afterAll(() => opened?.close());

    // A few screens a test: the machine is shared, and one slow screen should not take the others' time.
    const chunks = [SCREENS.slice(0, 6), SCREENS.slice(6, 12), SCREENS.slice(12)];
    it.each(chunks.map((screens, i) => ({ screens, part: i + 1 })))(
      'every screen of the navigation, tab by tab (part $part)',
      async ({ screens }) => {
        for (const screen of screens) {
          await go(screen.path);
          await checkScreen(page, v, `admin ${screen.name}`);
          if (!screen.tabs) continue;
          const tabs = page.getByRole('tab');
          const count = await tabs.count();
          for (let i = 1; i < count; i++) {
            await tabs.nth(i).click();
            await idle();
            await checkScreen(page, v, `admin ${screen.name} · tab ${i + 1}`);
          }
        }
      },
    );

    it('an order, its packing slip, a customer, a product with its stock, a coupon', async () => {
      const { order, buyer, productId } = journey.people;
      await go(`/orders/${order.order_no}`);
      await checkScreen(page, v, 'admin order page');
      await page.goto(`${journey.shop.url}/admin/orders/${order.order_no}/slip`, { waitUntil: 'load' });
      await idle();
      await checkScreen(page, v, 'admin packing slip');
      await go(`/customers/${buyer.id}`);
      await checkScreen(page, v, 'admin customer page');
      await go(`/products/${productId}`);
      await checkScreen(page, v, 'admin product edit with stock');
      await go('/coupons');
      // The demo shop's first coupon.
      await page.locator('main a[href^="/admin/coupons/"]:not([href$="/new"])').first().click();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await idle();
      await checkScreen(page, v, 'admin coupon page');
    });

    it('dialogs: making an agent, a new packaging', async () => {
      await go('/affiliates');
      await page.locator('.admin-page__actions .btn--primary').click();
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, v, 'admin make agent dialog');
      await page.keyboard.press('Escape');
      await go(`/products/${journey.people.productId}`);
      await page.getByRole('button', { name: v.lang === 'en' ? 'Add packaging' : '添加包装' }).click();
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, v, 'admin new packaging dialog');
    });
  });
});
