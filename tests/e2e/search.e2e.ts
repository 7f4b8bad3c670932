import { acceptAgeGate, newPage } from './harness';
import { shopJourney } from './support/back-office';
import { openMiniApp } from './support/telegram-shop';

// Search (docs/decisions/017) in a real browser against the real server and the demo catalogue: the header's field
// finds "oolong" and "乌龙" (names first), opens a product; a miss says so and Clear search goes back to the list; and in
// the Mini App (narrow, inside the fake Telegram host) the side menu's field does the same.
describe('search journey', () => {
  const journey = shopJourney();

  it('searches "oolong" and "乌龙" from the header, opens a result, and comes back from a miss', async () => {
    const { page, errors, close } = await newPage(journey.browser, `${journey.shop.url}/`, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole('button', { name: 'Yes' }).click();

    const search = page.getByRole('search', { name: 'Search' });
    const field = search.getByRole('searchbox', { name: 'Search' });
    await field.fill('oolong');
    await field.press('Enter');
    await page.waitForURL(/\/products\?q=oolong$/);
    await page.getByRole('heading', { level: 1, name: 'Results for “oolong”' }).waitFor();
    const cards = page.locator('main a[href^="/details/"]');
    await cards.first().waitFor();
    // Name matches come first: the first cards all say Oolong.
    const names = await cards.evaluateAll((as) => as.map((a) => a.textContent ?? ''));
    expect(names.length).toBeGreaterThan(2);
    expect(names[0]).toMatch(/oolong/i);
    expect(names.some((n) => /White Peach Oolong/.test(n))).toBe(true);

    // Chinese: 乌龙 is two characters; it finds the same teas by their Chinese names.
    await field.fill('乌龙');
    await field.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === '乌龙');
    await page.getByRole('heading', { level: 1, name: 'Results for “乌龙”' }).waitFor();
    const peach = page.getByRole('link', { name: /White Peach Oolong/ });
    await peach.waitFor();
    await peach.click();
    await page.waitForURL(/\/details\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'White Peach Oolong' }).waitFor();

    // A miss: the message, and the way back to every product.
    await field.fill('xyzzy%_');
    await field.press('Enter');
    await page.getByText('No products match “xyzzy%_”').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    await cards.first().waitFor();
    expect(await field.inputValue()).toBe('');

    // Escape clears the field.
    await field.fill('matcha');
    await field.press('Escape');
    expect(await field.inputValue()).toBe('');

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });

  it('searches from the side menu inside Telegram', async () => {
    const { context, page, errors } = await openMiniApp(journey.browser, `${journey.shop.url}/`, 881_500_001);
    try {
      await acceptAgeGate(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const field = menu.getByRole('searchbox', { name: 'Search' });
      await field.fill('乌龙');
      await field.press('Enter');
      await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('q') === '乌龙');
      await menu.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Results for “乌龙”' }).waitFor();
      await page.getByRole('link', { name: /White Peach Oolong/ }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
