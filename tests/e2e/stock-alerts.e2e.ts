import type { ProductDetails } from '../../src/common/contract/catalog';
import { newPage } from './harness';
import { openAs, type Person, shopJourney } from './support/back-office';

// Back-in-stock alerts in a real journey (docs/decisions/018): the real server with SMTP_URL pointing at a test SMTP
// server. A guest presses "Notify me when available" on a sold-out product, logs in and comes back to a set alert; a
// manager restocks the product in the back office (Adjust stock +5); exactly one e-mail arrives, with the product's
// link.

describe('back-in-stock alert journey', () => {
  const journey = shopJourney({ mail: true });
  const { kit } = journey;

  /** The customer's address confirmed through the welcome e-mail's link (only then the shop mails it news). */
  async function confirmAddress(person: Person) {
    const welcome = await journey.smtp.waitFor((m) => m.to === person.email && m.subject.includes('confirm'), 20_000);
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(welcome.text)?.[1];
    if (!token) throw new Error(`no confirmation link in: ${welcome.text}`);
    await kit.ok('/v2/confirm-email', { link_token: token });
  }

  /** A seeded product in stock, sold out by the manager (every packaging taken to 0 with a reason). */
  async function soldOutProduct(manager: Person): Promise<ProductDetails> {
    const list = await kit.ok<{ products: Array<{ id: number; stock_state: string; stock_total: number }> }>(
      '/v2/get-product-list',
      { limit: 50 },
    );
    const candidate = list.products.find((p) => p.stock_state === 'in_stock' && p.stock_total > 0);
    if (!candidate) throw new Error('the seeded shop has no product in stock');
    const before = (await kit.ok<{ product: ProductDetails }>('/v2/get-product-details', { product_id: candidate.id }))
      .product;
    for (const v of before.variants.filter((p) => p.stock > 0)) {
      await kit.ok(
        '/admin/stock/adjust',
        { packaging_id: v.id, delta: -v.stock, reason: 'Sold out at the market' },
        manager.token,
      );
    }
    const after = (await kit.ok<{ product: ProductDetails }>('/v2/get-product-details', { product_id: candidate.id }))
      .product;
    expect(after.stock_state).toBe('out_of_stock');
    return after;
  }

  it('guest → Notify me → log in and back → staff restock in the back office → one e-mail with the product link', async () => {
    const [manager, fan] = await Promise.all([kit.staff('Stock Keeper', 'manager'), kit.customer('Alert Fan')]);
    await confirmAddress(fan);
    const product = await soldOutProduct(manager);

    // The guest on the product page: Notify me stands where Add to cart would be, and sends them to log in.
    const guest = await newPage(journey.browser, `${journey.shop.url}/details/${product.id}`, {
      viewport: { width: 1280, height: 900 },
    });
    const { page } = guest;
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await page.getByRole('button', { name: /^Add to cart/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Notify me when available' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/details/${product.id}`);
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(fan.email);
    await page.getByLabel('Password', { exact: true }).fill(fan.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${journey.shop.url}/details/${product.id}`);
    // Back on the product: the alert is set.
    await page.getByText("We'll let you know when it's back.", { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Cancel alert' }).waitFor();
    const alert = await kit.ok<{ alert: { told_at: string | null } | null }>(
      '/v2/get-stock-alert',
      { product_id: product.id },
      fan.token,
    );
    expect(alert.alert).toMatchObject({ told_at: null });

    // The manager restocks it in the back office.
    const office = await openAs(journey.browser, journey.shop, manager, `/admin/products/${product.id}`);
    const card = office.page.getByRole('region', { name: 'Stock', exact: true });
    await card.getByRole('button', { name: 'Adjust stock' }).click();
    const dialog = office.page.getByRole('dialog');
    await dialog.waitFor();
    const packaging = product.variants[0]!;
    if (product.variants.length > 1) await dialog.getByLabel('Packaging').selectOption(String(packaging.id));
    await dialog.getByLabel('Change').fill('+5');
    await dialog.getByLabel('Reason').fill('Delivery from the tea garden');
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(office.errors).toEqual([]);
    await office.close();

    // One e-mail (the sender job runs every 5 seconds), with the link to the product.
    const subject = `${product.name} is back in stock`;
    const mail = await journey.smtp.waitFor((m) => m.to === fan.email && m.subject === subject, 30_000);
    const link = `${journey.shop.url}/details/${product.id}`;
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(link);
    // Another round of the sender, and more stock: still exactly one.
    await kit.ok(
      '/admin/stock/adjust',
      { packaging_id: packaging.id, delta: 2, reason: 'Second delivery' },
      manager.token,
    );
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(journey.smtp.messages.filter((m) => m.to === fan.email && m.subject === subject)).toHaveLength(1);

    // The link opens the product, which can be added to the cart again.
    await page.goto(link);
    await page.getByRole('button', { name: /^Add to cart/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Notify me when available' }).count()).toBe(0);
    expect(guest.errors).toEqual([]);
    await guest.close();
  });
});
