import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, type Shop, startShop } from './harness';
import { backOfficeKit } from './support/back-office';

// The cart in a real browser against the real server and the demo catalogue: a guest's "Add to cart" goes
// through the login and comes back with the item in the cart; plus until "Not Enough Stock"; the cart survives
// a reload; removing the last line shows the empty state with "Shop Now".
describe('cart journey', () => {
  let shop: Shop;
  let browser: Browser;
  let productId: number;
  const account = { email: 'cart.buyer@example.com', password: 'secret1' };

  // The shop's API as a customer calls it (the back-office journeys' helper).
  const { call } = backOfficeKit(() => shop);

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    const registered = await call('/v1/user-register', {
      nickname: 'Cart Buyer',
      email: account.email,
      phone: '+639175550199',
      password: account.password,
      confirm_password: account.password,
    });
    expect(registered.success).toBe(true);
    // Earl Grey Cream: its 100 g Tin has 3 in stock in the demo catalogue.
    const list = await call('/v2/get-product-list', { category: 'best-sellers', limit: '50' });
    const products = list.data.products as Array<{ id: number; slug: string }>;
    productId = products.find((p) => p.slug === 'earl-grey-cream')!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const panel = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

  it('guest add → login → in the cart; plus until "Not Enough Stock"; survives a reload; empty state at the end', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/details/${productId}`, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Earl Grey Cream' }).waitFor();

    // A guest's Add goes to the login screen, which comes back here after the login.
    await page.getByRole('radio', { name: /100 g Tin/ }).check();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/details/${productId}`);
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shop.url}/details/${productId}`);

    // The line is in the cart and the panel is open.
    const dialog = panel(page);
    await dialog.waitFor();
    await dialog.getByText('Earl Grey Cream').waitFor();
    expect(await dialog.getByRole('status').textContent()).toBe('1');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? 'null');
    expect(stored).toMatchObject([
      { product_id: productId, quantity: 1, stock_balance: 3, totalPrice: '16.50', index: 0 },
    ]);

    // Plus up to the stock (3), then "Not Enough Stock".
    const plus = dialog.getByRole('button', { name: 'Increase quantity of Earl Grey Cream' });
    await plus.click();
    await plus.click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"] output')?.textContent === '3');
    expect(await dialog.getByTestId('cart-subtotal').textContent()).toBe('$49.50');
    await plus.click();
    await page.getByText('Not Enough Stock').waitFor();
    expect(await dialog.getByRole('status').textContent()).toBe('3');

    // Escape closes; a reload keeps the cart (the shared `cart` key); the header's cart icon opens the panel.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Earl Grey Cream' }).waitFor();
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('status').textContent()).toBe('3');
    expect(await dialog.getByTestId('cart-subtotal').textContent()).toBe('$49.50');

    // Remove the last line: the empty state with "Shop Now", which goes to /products.
    await dialog.getByRole('button', { name: 'Remove Earl Grey Cream' }).click();
    await dialog.getByText('Your cart is empty!').waitFor();
    await dialog.getByText('Add your favorite items to your cart.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    await dialog.getByRole('button', { name: 'Shop Now' }).click();
    await page.waitForURL(`${shop.url}/products`);
    expect(await panel(page).count()).toBe(0);

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });
});
