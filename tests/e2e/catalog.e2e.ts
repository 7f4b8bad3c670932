import { appReady, newPage } from './harness';
import { shopJourney } from './support/back-office';

// The catalogue journey in a real browser against the real server and the demo catalogue:
// home → Shop mega-menu → ALL TEAS → scroll until the second page loads → open a product from it →
// choose packaging and frequency and see the price follow → switch to 中文 and see the Chinese name.
describe('catalogue journey', () => {
  const journey = shopJourney();

  it('browses from the menu to a product, prices a choice, and reads it in Chinese', async () => {
    const { page, errors, close } = await newPage(journey.browser, `${journey.shop.url}/`, {
      viewport: { width: 1280, height: 900 },
    });
    // Age gate on the first visit.
    await page.getByRole('button', { name: 'Yes' }).click();

    // Home: the hero carousel and the Best Sellers.
    await page.getByRole('region', { name: 'Featured' }).waitFor();
    const bestSellers = page.getByRole('region', { name: 'Best Sellers' });
    await bestSellers.getByRole('link').first().waitFor();
    expect(await bestSellers.locator('a[href^="/details/"]').count()).toBeGreaterThan(3);

    // The Shop mega-menu's ALL TEAS entry opens the filtered list.
    await page.getByRole('button', { name: 'Shop' }).click();
    await page.getByRole('link', { name: 'ALL TEAS', exact: true }).click();
    await page.waitForURL(/\/products\/all-teas$/);
    await page.getByRole('heading', { level: 1, name: 'ALL TEAS' }).waitFor();
    const cards = page.locator('main a[href^="/details/"]');
    await page.waitForFunction(() => document.querySelectorAll('main a[href^="/details/"]').length === 20);

    // Scrolling to the end loads the next page (keyset cursor) until the list ends.
    await page.mouse.wheel(0, 20_000);
    await page.getByText("You've reached the end of the list.").waitFor();
    const hrefs = await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(20);
    expect(new Set(hrefs).size).toBe(hrefs.length);

    // Open a product that only the second page holds.
    const product = page.getByRole('link', { name: /Classic English Breakfast/ });
    await product.scrollIntoViewIfNeeded();
    await product.click();
    await page.waitForURL(/\/details\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Classic English Breakfast' }).waitFor();
    const add = page.getByRole('button', { name: /^Add to cart/ });
    expect(await add.textContent()).toContain('$9.90'); // the 100 g Pouch is on sale

    // Packaging, then frequency: the price follows.
    await page.getByRole('radio', { name: /250 g Pouch/ }).check();
    expect(await add.textContent()).toContain('$24.00');
    await page.getByRole('radio', { name: /Every 4 weeks/ }).check();
    expect(await add.textContent()).toContain('$20.40'); // 15% off $24.00
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await add.textContent()).toContain('$40.80');

    // 中文: the page reloads in Chinese and shows the product's Chinese name.
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').first().selectOption('zh')]);
    await appReady(page);
    await page.getByRole('heading', { level: 1, name: '经典英式早餐茶' }).waitFor();
    expect(await page.getByRole('button', { name: /^加入购物车/ }).textContent()).toContain('$9.90');

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });
});
