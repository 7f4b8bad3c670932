import type { Page } from 'playwright-core';
import { backOfficeJourney, scrollsSideways } from './support/back-office';

// The Shipping page (docs/decisions/041) in a real browser against the real server: a manager adds a province with
// its fees, Expedited not offered; a shopper, in another browser, picks it for a new address at checkout and sees its
// Standard fee in the totals, with Expedited not offered; the audit log has the addition.

describe('back office shipping journey', () => {
  const journey = backOfficeJourney(async (kit) => {
    const [manager, buyer] = await Promise.all([kit.staff('Mo Manager', 'manager'), kit.customer('Sol Shopper')]);
    return { manager, buyer };
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

  it('a state added on the Shipping page is offered at checkout with its fee', async () => {
    const admin = await journey.open(journey.people.manager, '/admin/shipping', { width: 390, height: 844 });
    const { page } = admin;
    const list = page.getByRole('list', { name: 'Philippines’s states' });
    await list.getByText('Metro Manila', { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    const form = page.getByRole('form', { name: 'Add a state to Philippines' });
    await form.getByRole('textbox', { name: 'Code' }).fill('ph-isv');
    await form.getByRole('textbox', { name: 'English name' }).fill('Isla Verde');
    await form.getByRole('textbox', { name: 'Chinese name' }).fill('绿岛');
    await form.getByRole('textbox', { name: 'Standard fee ($)' }).fill('5.25');
    await form.getByRole('textbox', { name: 'Expedited fee ($)' }).fill('10.50');
    await form.getByRole('checkbox', { name: 'Expedited offered' }).uncheck();
    await form.getByRole('button', { name: 'Add state' }).click();
    await page.getByText('Isla Verde added: new addresses can choose it now').waitFor();
    const added = list.getByRole('listitem').last();
    await added.getByText('PH-ISV').waitFor();
    expect(await added.textContent()).toContain('Standard $5.25');
    expect(await added.textContent()).toContain('Expedited not offered');
    expect(admin.errors).toEqual([]);

    const shopper = await journey.open(journey.people.buyer, '/');
    const shop = shopper.page;
    await addToCart(shop);
    await shop.goto(`${journey.shop.url}/checkout`);
    await shop.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await shop.getByRole('button', { name: /Add address/ }).click();
    const dialog = shop.getByRole('dialog', { name: 'Add address' });
    await dialog.getByLabel('Receiver name').fill('Sol Shopper');
    await dialog.getByLabel('Shipping contact phone').fill('+639175550000');
    await dialog.getByLabel('Address', { exact: true }).fill('7 Coral Road');
    await dialog.getByLabel('City').fill('Verde Town');
    await dialog.getByLabel('State').selectOption({ label: 'Isla Verde' });
    await dialog.getByLabel('Zip code').fill('5200');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.waitFor({ state: 'detached' });

    const shipping = shop.getByRole('region', { name: 'Shipping method' });
    const standard = shipping.getByRole('radio', { name: /Standard/ });
    const expedited = shipping.getByRole('radio', { name: /Expedited/ });
    await shop.waitForFunction(
      () => document.querySelector('.co-totals')?.textContent?.includes('Delivery fee$5.25') ?? false,
    );
    expect(await standard.isChecked()).toBe(true);
    await expect.poll(() => expedited.isDisabled()).toBe(true);
    await shipping.getByText('Not offered here').waitFor();
    expect(shopper.errors).toEqual([]);
    await shopper.close();

    // The audit log lists the addition (the manager has no audit log: the owner reads it through the API).
    const owner = await kit.staff('Olive Owner', 'owner');
    const log = await kit.ok<{ entries: Array<{ action: string }> }>(
      '/admin/audit/list',
      { kind: 'shipping' },
      owner.token,
    );
    expect(log.entries.map((e) => e.action)).toContain('shipping.state_add');
    await admin.close();
  });
});
