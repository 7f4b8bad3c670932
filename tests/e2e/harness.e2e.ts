import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, type Shop, startShop } from './harness';

// The e2e harness itself: the real server (migrated and seeded on a temp SQLite file) serves the built client to
// headless Chromium, deep links get the app, and the page loads without console or page errors.
describe('e2e harness', () => {
  let shop: Shop;
  let browser: Browser;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    if (shop) expect(await shop.stop(), 'the server exits 0 on SIGTERM').toBe(0);
  });

  it('serves the app to Chromium on / and on a deep link, without errors', async () => {
    for (const path of ['/', '/products/best-sellers']) {
      const { page, errors, close } = await newPage(browser, `${shop.url}${path}`);
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
      expect(await page.title()).toMatch(/Leaf & Cup/);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('the page talks to the real API (same origin)', async () => {
    const { page, close } = await newPage(browser, `${shop.url}/`);
    const answer = await page.evaluate(async () => {
      const res = await fetch('/v2/get-category', { method: 'POST', body: new URLSearchParams({ lang: 'zh' }) });
      return res.json();
    });
    expect(answer.success).toBe(true);
    expect(answer.data.categories[0].name).toBe('畅销精选');
    await close();
  });
});
