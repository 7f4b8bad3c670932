import type { Page } from 'playwright-core';
import { backOfficeJourney, scrollsSideways } from './support/back-office';

// The owner's Settings (docs/decisions/015) in a real browser against the real server: on a phone (390 px) the
// owner changes the bank account customers transfer to, and saves; a customer's checkout, in another browser, shows
// the new account at once; the audit log lists the save. Delivery fees are the Shipping page's
// (back-office-shipping.e2e.ts, docs/decisions/041), linked from Settings.

describe('back office settings journey', () => {
  const journey = backOfficeJourney(async (kit) => {
    const [owner, buyer] = await Promise.all([kit.staff('Sam Settings', 'owner'), kit.customer('Bea Buyer')]);
    return { owner, buyer };
  });
  const { kit } = journey;

  /** One of the demo's products in the cart, from its page. */
  const addToCart = async (page: Page) => {
    const list = await kit.ok<{ products: Array<{ id: number; slug: string }> }>('/v2/get-product-list', {
      category: 'best-sellers',
      limit: 50,
    });
    const id = list.products.find((p) => p.slug === 'dragon-well-longjing')!.id;
    const { product } = await kit.ok<{ product: { name: string; variants: Array<{ name: string }> } }>(
      '/v2/get-product-details',
      { product_id: id },
    );
    await page.goto(`${journey.shop.url}/details/${id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('radio', { name: new RegExp(product.variants[0]!.name) }).check();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByText(product.name).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  };

  it('the owner changes the bank account on a phone: checkout shows it at once', async () => {
    const admin = await journey.open(journey.people.owner, '/admin/settings', { width: 390, height: 844 });
    const { page } = admin;
    await page.getByRole('textbox', { name: 'Account number' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await page.getByRole('link', { name: 'Open Shipping' }).getAttribute('href')).toBe('/admin/shipping');

    await page.getByRole('textbox', { name: 'Account number' }).fill('9988-7766-55');
    // The preview shows what customers will see before it is saved.
    await page.getByRole('region', { name: 'Bank account for transfers' }).getByText('9988-7766-55').waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved: the shop uses them from now on').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    expect(admin.errors).toEqual([]);

    const shopper = await journey.open(journey.people.buyer, '/');
    await addToCart(shopper.page);
    await shopper.page.goto(`${journey.shop.url}/checkout`);
    await shopper.page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await shopper.page.getByText('9988-7766-55', { exact: true }).waitFor();
    expect(shopper.errors).toEqual([]);
    await shopper.close();

    // The audit log has the save, with what changed.
    await page.goto(`${journey.shop.url}/admin/audit`);
    const log = page.getByRole('list', { name: 'Audit log entries' });
    await log.getByText('settings.update').waitFor();
    await log.getByText('bank_account_number').waitFor();
    await admin.close();
  });
});
