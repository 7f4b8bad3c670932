import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { ProductDetails } from '../../src/common/contract/catalog';
import { launchBrowser, newPage, type Shop, startShop } from './harness';
import { backOfficeKit } from './support/back-office';
import { fillAddress, payByTransfer } from './support/checkout';

// Checkout and orders in a real browser against the real server and the demo catalogue:
// log in → add two products → checkout → add an address → Expedited → coupon WELCOME10 → bank transfer with a
// reference and a receipt PNG → place the order → Pending in /order → cancel within the window → stock back.
// Then a second order, which the operator (the real CLI, on the same database) marks Paid, sets tracking and
// completes → the customer sees the tracking → reviews the product → the review is on the product page.

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('checkout journey', () => {
  let shop: Shop;
  let browser: Browser;
  const account = { email: 'checkout.buyer@example.com', password: 'secret1' };
  let longjing: ProductDetails;
  let pearls: ProductDetails;

  // The shop's API as a customer calls it (the back-office journeys' helper).
  const { call } = backOfficeKit(() => shop);

  const product = async (slug: string): Promise<ProductDetails> => {
    const list = await call('/v2/get-product-list', { category: 'best-sellers', limit: '50' });
    const id = (list.data.products as Array<{ id: number; slug: string }>).find((p) => p.slug === slug)!.id;
    return (await call('/v2/get-product-details', { product_id: String(id) })).data.product as ProductDetails;
  };

  const stockOf = async (p: ProductDetails) => (await product(p.slug)).variants[0]!.stock;

  /** The operator's command line (`npm run shop -- …`) on the shop's own database. */
  const operator = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/operator/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${join(shop.dir, 'shop.sqlite')}`, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    return result.stdout;
  };

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    const registered = await call('/v1/user-register', {
      nickname: 'Checkout Buyer',
      email: account.email,
      phone: '+639175550177',
      password: account.password,
      confirm_password: account.password,
    });
    expect(registered.success).toBe(true);
    [longjing, pearls] = await Promise.all([product('dragon-well-longjing'), product('jasmine-dragon-pearls')]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const addToCart = async (page: Page, p: ProductDetails) => {
    await page.goto(`${shop.url}/details/${p.id}`);
    await page.getByRole('heading', { level: 1, name: p.name }).waitFor();
    await page.getByRole('radio', { name: new RegExp(p.variants[0]!.name) }).check();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByText(p.name).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  };

  /** Places the order with the page's button; resolves to the order id from /order?id=. */
  const placeOrder = async (page: Page) => {
    const button = page.locator('[data-primary-action="place-order"]');
    await page.waitForFunction(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-primary-action="place-order"]');
      return b && !b.disabled && b.textContent?.startsWith('Place order');
    });
    await button.click();
    await page.waitForURL(/\/order\?id=\d+$/);
    return Number(new URL(page.url()).searchParams.get('id'));
  };

  it('places an order with address, Expedited, WELCOME10 and a bank transfer, then cancels it within the window', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/login`, {
      viewport: { width: 390, height: 844 },
    });
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const before = { longjing: await stockOf(longjing), pearls: await stockOf(pearls) };
    await addToCart(page, longjing);
    await addToCart(page, pearls);

    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText(longjing.name).waitFor();
    await summary.getByText(pearls.name).waitFor();

    // No address yet: placing says so.
    await page.getByText('You have no saved address yet.').waitFor();
    await page.locator('[data-primary-action="place-order"]:not([disabled])').click();
    await page.getByRole('group', { name: 'Deliver to' }).waitFor();
    expect(await page.locator('#checkout-address-error').textContent()).toBe('Please add Address first');

    // Add one: blank first (the required-field messages), then filled.
    await page.getByRole('button', { name: /Add address/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByText('Please enter receiver name').waitFor();
    await dialog.getByText('Please enter zipcode').waitFor();
    await fillAddress(dialog, {
      name: 'Checkout Buyer',
      phone: '+639175550177',
      address: '7 Narra Avenue',
      city: 'Quezon City',
      zip: '1100',
    });
    await page.getByText('Address updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: /Checkout Buyer/ }).isChecked()).toBe(true);

    // Expedited, with its fee from the server.
    await page.getByRole('radio', { name: /Expedited/ }).check();
    await summary.getByText('Delivery fee').waitFor();
    await page.waitForFunction(
      () => document.querySelector('.co-totals')?.textContent?.includes('Delivery fee$9.00') ?? false,
    );

    // The coupon: blank is refused at the field, WELCOME10 applies 10%.
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Please enter coupon code').waitFor();
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).waitFor();
    // 18.90 + 18.00 = 36.90; 10% = 3.69; + 9.00 Expedited = 42.21
    await page.waitForFunction(
      () => document.querySelector('.co-totals__grand')?.textContent?.includes('$42.21') ?? false,
    );
    expect(await summary.getByText('Coupon discount').locator('..').textContent()).toContain('−$3.69');

    // Bank transfer needs reference and receipt.
    await page.getByText('0123-4567-89', { exact: true }).waitFor();
    await page.locator('[data-primary-action="place-order"]').click();
    await page.getByText('Please enter the payment reference').first().waitFor();
    await payByTransfer(page, 'BDO-REF-0001');
    const orderId = await placeOrder(page);

    // The order screen: Pending, the totals as placed, the way to pay; the cart is empty.
    const order = page.getByRole('dialog', { name: /^Order LC-/ });
    await order.getByText('Thank you! Your order has been placed.').waitFor();
    await order.getByText('Pending', { exact: true }).first().waitFor();
    expect(await order.locator('.ord-totals__grand').textContent()).toBe('Grand total$42.21');
    await order.getByText('BDO-REF-0001').waitFor();
    await order.getByRole('link', { name: 'View receipt' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    expect(await stockOf(longjing)).toBe(before.longjing - 1);
    expect(await stockOf(pearls)).toBe(before.pearls - 1);

    // In the history: Pending, newest first.
    await order.getByRole('button', { name: 'Close' }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Pending' }).first();
    await card.waitFor();

    // Cancel within the window: a question first, then Cancelled and the stock back.
    await card.getByRole('button', { name: /^View order/ }).click();
    await page.waitForURL(new RegExp(`/order\\?id=${orderId}$`));
    await order.getByText(/You can change the address or cancel for 1[45]:\d\d more\./).waitFor();
    await order.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Order cancelled').waitFor();
    await order.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await stockOf(longjing)).toBe(before.longjing);
    expect(await stockOf(pearls)).toBe(before.pearls);

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });

  it('the operator confirms, ships and completes an order; the customer sees the tracking and reviews the product', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/login?redirect=/order`, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shop.url}/order`);

    await addToCart(page, longjing);
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: /Checkout Buyer/ }).waitFor();
    await payByTransfer(page, 'BDO-REF-0002');
    const orderId = await placeOrder(page);
    const order = page.getByRole('dialog', { name: /^Order LC-/ });
    const title = (await order.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
    const orderNo = title.replace(/^Order /, '');
    expect(orderNo).toMatch(/^LC-/);

    // The operator, on the same database.
    expect(operator('confirm-payment', orderNo)).toContain('is now Paid');
    expect(operator('processing', orderNo)).toContain('is now Processing');
    operator(
      'tracking',
      orderNo,
      '--company',
      'LBC Express',
      '--number',
      'LBC998877',
      '--link',
      'https://track.example/LBC998877',
    );
    expect(operator('complete', orderNo)).toContain('is now Completed');

    // The customer sees it Completed, with the tracking.
    await page.goto(`${shop.url}/order`);
    const card = page.getByRole('listitem').filter({ hasText: orderNo });
    await card.getByText('Completed').waitFor();
    await card.getByRole('button', { name: `Track order ${orderNo}` }).click();
    await page.waitForURL(new RegExp(`/order\\?id=${orderId}&view=track$`));
    await order.getByText('LBC Express').waitFor();
    await order.getByText('LBC998877').waitFor();
    expect(await order.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(
      'https://track.example/LBC998877',
    );
    await order.getByRole('button', { name: 'Close' }).click();

    // A review: the required-field messages, then added; the product shows "Reviewed".
    await card.getByRole('button', { name: `Review order ${orderNo}` }).click();
    const review = page.getByRole('dialog', { name: `Review order ${orderNo}` });
    const form = review.getByRole('form', { name: `Review ${longjing.name}` });
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByText('Please select rating').waitFor();
    await form.getByText('Please enter title').waitFor();
    await form.getByText('Please enter description').waitFor();
    // The fifth star (its label holds the radio "5 stars").
    await form.locator('label').filter({ hasText: '5 stars' }).click();
    expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await form.getByLabel('Title').fill('Sweet chestnut finish');
    await form.getByLabel('Description').fill('Flat, jade-green leaves; a sweet, toasty cup every time.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Review added successfully').waitFor();
    await review.getByText('Reviewed').waitFor();

    // The review is on the product page.
    await page.goto(`${shop.url}/details/${longjing.id}`);
    await page.getByText('Sweet chestnut finish').waitFor();
    await page.getByText('Flat, jade-green leaves; a sweet, toasty cup every time.').waitFor();

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });
});
