import type { Page } from 'playwright-core';
import type { TestPage } from './harness';
import { axeViolations, checkScreen, openVariant, VARIANTS } from './support/axe';
import { shopJourney } from './support/back-office';

// WCAG 2.2 AA by axe-core on the shop's public screens, as a guest, in English and Chinese at 390 and 1366 px
// (docs/decisions/048): the age gate, home, the shop's menus, the product list, a category, search results (found and
// not found), a product, the info pages and the FAQ, the not-found page, log-in, register, forgotten password, the
// e-mail links' pages and /login_be. One shop for the file, one browser context per language and width.

// The shop's start and its people take minutes on a busy machine (the shared CI box runs others' tests too).
vi.setConfig({ hookTimeout: 300_000 });

describe('accessibility of the public shop', { timeout: 240_000 }, () => {
  const journey = shopJourney({ timeoutMs: 120_000 });
  let productId = 0;
  let categorySlug = '';
  let referralCode = '';

  beforeAll(async () => {
    const { ok, customer } = journey.kit;
    const list = await ok<{ products: Array<{ id: number }> }>('/v2/get-product-list', {
      category: 'best-sellers',
      limit: 5,
    });
    productId = list.products[0]!.id;
    const categories = await ok<{ categories: Array<{ slug: string }> }>('/v2/get-category', {});
    categorySlug = categories.categories[0]!.slug;
    referralCode = (await customer('Rhea Referrer')).referralCode;
  });

  it('reports a real violation: an image without a text alternative', async () => {
    const opened = await openVariant(journey.browser, journey.shop.url, VARIANTS[1]!, '/about');
    await opened.page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/favicon.svg';
      img.id = 'bad-image';
      document.querySelector('main')?.append(img);
    });
    const violations = await axeViolations(opened.page);
    expect(violations.map((v) => v.id)).toContain('image-alt');
    expect(violations.find((v) => v.id === 'image-alt')!.targets.join()).toContain('#bad-image');
    await opened.close();
  });

  describe.each(VARIANTS)('in $lang at $width px', (v) => {
    let opened: TestPage;
    let page: Page;
    const go = (path: string) => page.goto(`${journey.shop.url}${path}`, { waitUntil: 'load' });
    const wide = v.width > 768;

    beforeAll(async () => {
      opened = await openVariant(journey.browser, journey.shop.url, v, '/', { ageGate: true });
      page = opened.page;
    });
    afterAll(() => opened?.close());

    it('home with the age gate, then without; the shop menu and the language select', async () => {
      await page.getByRole('dialog').waitFor();
      await checkScreen(page, v, 'home · age gate');
      await page.locator('[data-age-yes]').click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await checkScreen(page, v, 'home');
      if (wide) {
        await page.locator('.mega__button').click();
        await page.locator('.mega__button[aria-expanded="true"]').waitFor();
        await page.locator('.mega [role="group"], .mega a').first().waitFor();
        await checkScreen(page, v, 'home · shop menu open');
        await page.keyboard.press('Escape');
      } else {
        await page.locator('.header__burger').click();
        const menu = page.getByRole('dialog');
        await menu.waitFor();
        await checkScreen(page, v, 'home · side menu open');
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
      // The language select is a native <select>: its options are in the page, checked with it; focused here.
      await page.locator('.header__lang select').first().focus();
      await checkScreen(page, v, 'home · language select focused');
    });

    it('the product list, a category, search results found and not found', async () => {
      await go('/products');
      await page.locator('main a[href^="/details/"]').first().waitFor();
      await checkScreen(page, v, 'product list');
      await go(`/products/${categorySlug}`);
      await page.locator('main a[href^="/details/"]').first().waitFor();
      await checkScreen(page, v, 'category');
      await go('/products?q=oolong');
      await page.locator('main a[href^="/details/"]').first().waitFor();
      await checkScreen(page, v, 'search results');
      await go('/products?q=zzqqxx');
      await page.locator('.catalog-list__no-match').waitFor();
      await checkScreen(page, v, 'search results · none found');
    });

    it('a product page', async () => {
      await go(`/details/${productId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkScreen(page, v, 'product page');
    });

    it('the info pages, the FAQ and the not-found page', async () => {
      for (const path of ['/about', '/shipping-policy', '/terms-of-service', '/privacy-policy', '/faq']) {
        await go(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await checkScreen(page, v, `info ${path}`);
      }
      const question = page.locator('main summary, main [aria-expanded]').first();
      if (await question.count()) {
        await question.click();
        await checkScreen(page, v, 'faq · a question open');
      }
      await go('/no-such-page');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkScreen(page, v, '404');
      await go(`/${referralCode}`);
      await checkScreen(page, v, 'home by a referral link');
    });

    it('log-in, register, forgotten password, the e-mail links and /login_be', async () => {
      await go('/login');
      await page.locator('form').first().waitFor();
      await checkScreen(page, v, 'login');
      await page.getByRole('tab').nth(1).click();
      await page.locator('[role="tabpanel"]:not([hidden]) form').first().waitFor();
      await checkScreen(page, v, 'register');
      await page.locator('[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
      await checkScreen(page, v, 'register · errors shown');
      await go('/forgot-password');
      await page.locator('form').first().waitFor();
      await checkScreen(page, v, 'forgot password');
      await go('/reset-password/not-a-token');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkScreen(page, v, 'reset password');
      await go('/confirm-email/not-a-token');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkScreen(page, v, 'confirm e-mail');
      await go('/login_be/4242/profile');
      await page.locator('form').first().waitFor();
      await checkScreen(page, v, 'login_be');
    });
  });
});
