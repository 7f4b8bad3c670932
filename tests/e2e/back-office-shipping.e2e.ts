import { backOfficeJourney, scrollsSideways } from './support/back-office';
import { addToCartFromProductPage, fillAddress } from './support/checkout';

// The Shipping page (docs/decisions/041) in a real browser against the real server: a manager adds a province with
// its fees, Expedited not offered; a shopper, in another browser, picks it for a new address at checkout and sees its
// Standard fee in the totals, with Expedited not offered; the audit log has the addition.

describe('back office shipping journey', () => {
  const journey = backOfficeJourney(async (kit) => {
    const [manager, buyer] = await Promise.all([kit.staff('Mo Manager', 'manager'), kit.customer('Sol Shopper')]);
    return { manager, buyer };
  });
  const { kit } = journey;

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
    // A tea the demo ships to the Philippines.
    const teas = await kit.ok<{ products: Array<{ id: number; slug: string }> }>('/v2/get-product-list', {
      category: 'best-sellers',
      limit: 50,
    });
    await shop.goto(`${journey.shop.url}/details/${teas.products.find((p) => p.slug === 'dragon-well-longjing')!.id}`);
    await addToCartFromProductPage(shop);
    await shop.goto(`${journey.shop.url}/checkout`);
    await shop.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await shop.getByRole('button', { name: /Add address/ }).click();
    const dialog = shop.getByRole('dialog', { name: 'Add address' });
    const where = {
      name: 'Sol Shopper',
      phone: '+639175550000',
      address: '7 Coral Road',
      city: 'Verde Town',
      zip: '5200',
    };
    await fillAddress(dialog, { ...where, state: 'Isla Verde' });
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
