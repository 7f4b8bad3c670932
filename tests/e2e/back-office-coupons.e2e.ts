import { backOfficeJourney, scrollsSideways } from './support/back-office';
import { PNG } from './support/checkout';

// Coupons in the back office (docs/decisions/015), in a real browser against the real server: a manager creates a
// coupon (10% off, a minimum spend, 100 uses) with New coupon → a customer adds a product, enters the code at checkout,
// sees the discount and places the order → the coupon's page shows "1 of 100 used" and the order; the manager
// pauses it and the customer's next checkout is refused. The coupon page fits a phone.

describe('back office: coupons', () => {
  const journey = backOfficeJourney(async (kit) => {
    const [manager, buyer] = await Promise.all([kit.staff('Coco Manager', 'manager'), kit.customer('Cora Customer')]);
    return { manager, buyer };
  });
  const { kit } = journey;

  it('a manager creates a coupon; a customer uses it at checkout; the coupon page shows 1 use; paused, it is refused', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const line = await kit.catalogue();
    const details = await kit.ok<{
      product: { name: string; variants: Array<{ id: number; name: string; price_cents: number }> };
    }>('/v2/get-product-details', { product_id: line.product_id });
    const variant = details.product.variants.find((v) => v.id === line.variant_id)!;
    expect(variant.price_cents).toBeGreaterThanOrEqual(500);
    const discount = Math.floor((variant.price_cents * 10 + 50) / 100);
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

    // The manager: Coupons → New coupon → the form → the coupon's page.
    const staff = await journey.open(journey.people.manager, '/admin/coupons');
    const { page: admin } = staff;
    await admin.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await admin.getByRole('button', { name: 'New coupon' }).click();
    await admin.getByRole('heading', { level: 1, name: 'New coupon' }).waitFor();
    await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await admin.getByLabel('Percentage off (%)').fill('10');
    await admin.getByLabel('Minimum spend ($)').fill('5.00');
    await admin.getByLabel('Total uses').fill('100');
    await admin.getByRole('button', { name: 'Create coupon' }).click();
    await admin.getByRole('heading', { level: 1, name: `Coupon ${code}` }).waitFor();
    const summary = admin.getByRole('region', { name: 'Summary' });
    await summary.getByText('0 of 100 used').waitFor();
    expect(await summary.textContent()).toContain('10% off');
    await admin.getByText('No order has used it yet.').waitFor();

    // The customer: the product in the cart, the code at checkout, the discount, the order placed.
    const shopper = await journey.open(journey.people.buyer, `/details/${line.product_id}`);
    const { page } = shopper;
    await page.getByRole('heading', { level: 1, name: details.product.name }).waitFor();
    await page.getByRole('radio', { name: new RegExp(variant.name) }).check();
    await page.getByRole('button', { name: /^Add to cart/ }).click();
    const cart = page.getByRole('dialog', { name: 'Your Cart' });
    await cart.getByText(details.product.name).waitFor();
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'detached' });

    await page.goto(`${journey.shop.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: `Remove coupon ${code}` }).waitFor();
    const orderSummary = page.getByRole('region', { name: 'Order summary' });
    await page.waitForFunction(
      (text) => document.querySelector('.co-totals')?.textContent?.includes(text) ?? false,
      `−${money(discount)}`,
    );
    expect(await orderSummary.getByText('Coupon discount').locator('..').textContent()).toContain(
      `−${money(discount)}`,
    );
    await page.getByLabel('Payment reference').fill('BDO-COUPON-1');
    await page.getByLabel('Receipt image').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
    await page.waitForFunction(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-primary-action="place-order"]');
      return b && !b.disabled && b.textContent?.startsWith('Place order');
    });
    await page.locator('[data-primary-action="place-order"]').click();
    await page.waitForURL(/\/order\?id=\d+$/);
    const placed = page.getByRole('dialog', { name: /^Order LC-/ });
    await placed.getByText('Thank you! Your order has been placed.').waitFor();
    const orderNo = ((await placed.getByRole('heading', { level: 2 }).first().textContent()) ?? '').replace(
      /^Order /,
      '',
    );
    expect(orderNo).toMatch(/^LC-/);

    // Back on the coupon page: 1 of 100 used, and the order among its uses with the discount it got.
    await admin.reload();
    await summary.getByText('1 of 100 used').waitFor();
    const uses = admin.getByRole('table', { name: 'The latest orders that used this coupon' });
    await uses.getByRole('link', { name: orderNo }).waitFor();
    expect(await uses.textContent()).toContain(money(discount));

    // Paused: the customer's next checkout with it is refused with the shop's message.
    await admin.getByRole('button', { name: `Pause coupon ${code}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Pause coupon ${code}?` });
    await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await summary.getByText('Paused').waitFor();
    const refused = await kit.call(
      '/v1/validate-coupon',
      { code, items: JSON.stringify([{ ...line, quantity: 1 }]) },
      journey.people.buyer.token,
    );
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('This coupon code does not exist');

    // The list shows it paused with its use; the page fits a phone.
    await admin.goto(`${journey.shop.url}/admin/coupons?q=${code}`);
    const row = admin.getByRole('row').filter({ hasText: code });
    await row.getByText('1 of 100 used').waitFor();
    await row.getByText('Paused').waitFor();
    await admin.setViewportSize({ width: 390, height: 844 });
    expect(await scrollsSideways(admin)).toBe(false);
    await admin.getByRole('link', { name: code }).click();
    await admin.getByRole('heading', { level: 1, name: `Coupon ${code}` }).waitFor();
    expect(await scrollsSideways(admin)).toBe(false);

    await page.waitForLoadState('networkidle');
    expect(shopper.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await shopper.close();
    await staff.close();
  });
});
