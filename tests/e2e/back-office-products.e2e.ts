import sharp from 'sharp';
import { newPage } from './harness';
import { backOfficeJourney, scrollsSideways } from './support/back-office';

// The back office's Products screens as a manager uses them (docs/decisions/015), in a real browser against the
// real server: a product created with two packagings and an uploaded image is on sale in the shop with both prices and
// its image.

describe('back office: products', () => {
  const journey = backOfficeJourney(async (kit) => ({ manager: await kit.staff('Mia Manager', 'manager') }));
  const { kit } = journey;

  it('a manager creates a product with two packagings and an image: it is on sale in the shop with both prices', async () => {
    const { page, errors, close } = await journey.open(journey.people.manager, '/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('button', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();

    const name = `Moonlight White ${Date.now()}`;
    await page.locator('input[name="name_en"]').fill(name);
    await page.locator('input[name="name_zh"]').fill('月光白');
    await page.locator('input[name="name_en"]').blur();
    const slug = await page.getByLabel('Slug').inputValue();
    expect(slug).toMatch(/^moonlight-white-\d+$/);
    await page.getByLabel('Description (English)').fill('A white tea picked by moonlight.');
    await page.getByRole('checkbox', { name: 'All teas' }).check();

    const png = await sharp({
      create: { width: 1000, height: 800, channels: 3, background: { r: 230, g: 225, b: 200 } },
    })
      .png()
      .toBuffer();
    await page.getByLabel('Upload images').setInputFiles({ name: 'moonlight.png', mimeType: 'image/png', buffer: png });
    const image = page.getByRole('listitem', { name: 'Image 1' });
    await image.waitFor();
    await image.getByLabel('Alt text (English)').fill('Silver-white leaves on a plate');

    const first = page.getByRole('listitem', { name: 'Packaging 1' });
    await first.getByLabel('Name (English)').fill('25 g');
    await first.getByLabel('Name (Chinese)').fill('25 克');
    await first.getByLabel('Price ($)', { exact: true }).fill('9.50');
    await first.getByLabel('Initial stock').fill('12');
    await page.getByRole('button', { name: 'Add packaging' }).click();
    const second = page.getByRole('listitem', { name: 'Packaging 2' });
    await second.getByLabel('Name (English)').fill('100 g');
    await second.getByLabel('Name (Chinese)').fill('100 克');
    await second.getByLabel('Price ($)', { exact: true }).fill('32');
    await second.getByLabel('Discount price ($)').fill('28.80');
    await second.getByLabel('Initial stock').fill('4');

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const packagings = page.getByRole('table', { name: 'Packagings on sale' });
    await packagings.getByRole('row', { name: /25 g/ }).waitFor();
    expect(await packagings.getByRole('row').count()).toBe(3);
    expect(errors).toEqual([]);
    await close();

    // The shop, as a visitor sees it: on sale, both packagings with their prices, the uploaded image.
    const visitor = await newPage(journey.browser, `${journey.shop.url}/details/${productId}`, {
      viewport: { width: 1366, height: 800 },
    });
    const shopPage = visitor.page;
    await shopPage.getByRole('heading', { level: 1, name }).waitFor();
    const options = shopPage.getByRole('radiogroup', { name: 'Packaging' });
    await expect.poll(() => options.getByRole('radio').count()).toBe(2);
    const text = (await options.textContent()) ?? '';
    expect(text).toContain('25 g');
    expect(text).toContain('$9.50');
    expect(text).toContain('100 g');
    expect(text).toContain('$28.80');
    const picture = shopPage.getByRole('img', { name: 'Silver-white leaves on a plate' });
    await picture.waitFor();
    // The stored renditions, offered by width (the browser picks one; src is the largest, for browsers without srcset).
    expect(await picture.getAttribute('src')).toMatch(/^\/media\/images\/[0-9a-f]{32}-1280\.webp$/);
    expect(await picture.getAttribute('srcset')).toMatch(
      /^\/media\/images\/[0-9a-f]{32}-640\.webp 640w, \/media\/images\/[0-9a-f]{32}-1280\.webp 1280w$/,
    );
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await shopPage.getByRole('button', { name: /Add to cart/ }).isEnabled()).toBe(true);
    expect(visitor.errors).toEqual([]);
    await visitor.close();

    // And in the shop's list at once.
    const list = await kit.ok<{ products: Array<{ id: number; price_cents: number; stock_state: string }> }>(
      '/v2/get-product-list',
      { category: 'all-teas', limit: 50 },
    );
    expect(list.products.find((p) => p.id === productId)).toMatchObject({ price_cents: 950, stock_state: 'in_stock' });

    // On a phone (390 px) the list, the form and the product's page fit the screen.
    const phone = { width: 390, height: 844 };
    for (const path of ['/admin/products', '/admin/products/new', `/admin/products/${productId}`]) {
      const opened = await journey.open(journey.people.manager, path, phone);
      // Each screen's own button shows once its data is there.
      await opened.page
        .getByRole('button', { name: /^(New product|Create product|Save)$/ })
        .first()
        .waitFor();
      expect(await scrollsSideways(opened.page), path).toBe(false);
      expect(opened.errors).toEqual([]);
      await opened.close();
    }
  });
});
