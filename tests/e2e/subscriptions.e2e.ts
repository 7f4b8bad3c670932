import type { Browser, Page } from 'playwright-core';
import type { ProductDetails } from '../../src/common/contract/catalog';
import { launchBrowser, newPage, type Shop, startShop } from './harness';
import { backOfficeKit } from './support/back-office';
import { fillAddress, payByTransferAndPlace } from './support/checkout';

// Subscribe & save in a real browser against the real server and the demo catalogue:
// log in → a product "Every 4 weeks" → checkout (address, bank transfer) → the order line says so →
// Acct menu → Subscriptions shows it at 15% off → change to every 8 weeks (kept after a reload) →
// cancel it after the confirmation → listed as cancelled; the side menu of a phone links there too.

describe('subscriptions journey', () => {
  let shop: Shop;
  let browser: Browser;
  const account = { email: 'subscriber@example.com', password: 'secret1' };
  let tea: ProductDetails;

  // The shop's API as a customer calls it (the back-office journeys' helper).
  const { call } = backOfficeKit(() => shop);

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    const registered = await call('/v1/user-register', {
      nickname: 'Sam Subscriber',
      email: account.email,
      phone: '+639175550188',
      password: account.password,
      confirm_password: account.password,
    });
    expect(registered.success, registered.message).toBe(true);
    const list = await call('/v2/get-product-list', { category: 'best-sellers', limit: '50' });
    const id = (list.data.products as Array<{ id: number; slug: string }>).find(
      (p) => p.slug === 'dragon-well-longjing',
    )!.id;
    tea = (await call('/v2/get-product-details', { product_id: String(id) })).data.product as ProductDetails;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const logIn = async (page: Page) => {
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  };

  it('orders every 4 weeks, changes it to every 8 weeks and cancels it', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/login`, {
      viewport: { width: 1280, height: 900 },
    });
    await logIn(page);

    // The product, every 4 weeks (15% off the $18.90 sale price: $16.06).
    await page.goto(`${shop.url}/details/${tea.id}`);
    await page.getByRole('heading', { level: 1, name: tea.name }).waitFor();
    await page.getByRole('radio', { name: new RegExp(tea.variants[0]!.name) }).check();
    await page.getByRole('radio', { name: /Every 4 weeks/ }).check();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByText(tea.name).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Checkout: an address, bank transfer with reference and receipt.
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: /Add address/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddress(dialog, {
      name: 'Sam Subscriber',
      phone: '+639175550188',
      address: '21 Acacia Lane',
      city: 'Taguig',
      zip: '1630',
    });
    await dialog.waitFor({ state: 'detached' });
    await payByTransferAndPlace(page, 'BDO-SUB-0001');
    await page.waitForURL(/\/order\?id=\d+$/);
    const order = page.getByRole('dialog', { name: /^Order LC-/ });
    await order.getByText('Every 4 weeks').waitFor();
    await order.getByRole('button', { name: 'Close' }).click();

    // Acct menu → Subscriptions.
    await page.getByRole('button', { name: 'Acct' }).click();
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.waitForURL(`${shop.url}/subscriptions`);
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();
    const card = page.getByRole('article', { name: tea.name });
    await card.waitFor();
    expect(await card.textContent()).toContain(`${tea.variants[0]!.name} · Every 4 weeks · Quantity 1`);
    expect(await card.textContent()).toContain('$16.06 each');
    expect(await card.textContent()).toContain('Sam Subscriber, 21 Acacia Lane, Taguig, Metro Manila 1630');
    const due = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(Date.now() + 28 * 86_400_000));
    expect(await card.textContent()).toContain(`Next delivery${due}`);

    // Every 8 weeks: saved, and still so after a reload.
    await card.getByLabel('Delivery frequency').selectOption('8');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Subscription updated').waitFor();
    await card.getByText(/Every 8 weeks · Quantity 1/).waitFor();
    await page.reload();
    await page
      .getByRole('article', { name: tea.name })
      .getByText(/Every 8 weeks · Quantity 1/)
      .waitFor();
    expect(await page.getByRole('article', { name: tea.name }).getByLabel('Delivery frequency').inputValue()).toBe('8');

    // Cancel, after the question.
    await page.getByRole('article', { name: tea.name }).getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel subscription' });
    await confirm.getByText(`Cancel your subscription to ${tea.name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription cancelled').waitFor();
    const ended = page.getByRole('list', { name: 'Cancelled subscriptions' });
    await ended.getByRole('article', { name: tea.name }).getByText('No more deliveries').waitFor();
    await page.getByText(/You have no subscriptions yet/).waitFor();
    await page.reload();
    await page
      .getByRole('list', { name: 'Cancelled subscriptions' })
      .getByRole('article', { name: tea.name })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });

  it('a phone’s side menu links to the subscriptions', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/login`, {
      viewport: { width: 390, height: 844 },
    });
    await logIn(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Subscriptions' }).click();
    await page.waitForURL(`${shop.url}/subscriptions`);
    await page.getByRole('heading', { level: 1, name: 'Subscriptions' }).waitFor();
    await page
      .getByRole('list', { name: 'Cancelled subscriptions' })
      .getByRole('article', { name: tea.name })
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  });
});
