import type { Page } from 'playwright-core';
import type { ProductDetails } from '../../src/common/contract/catalog';
import { cheapestPackaging } from '../../src/common/pricing';
import { newPage } from './harness';
import { backOfficeJourney, scrollsSideways } from './support/back-office';

// Stock as a manager changes it (docs/decisions/015), in a real browser against the real server: on a seeded
// product's page in the back office, Adjust stock +5 with a reason → the Stock card shows the new stock and the change
// at the top of the Stock history, and the shop's product page (/details/{id}) shows the new "In stock" count (the shop
// shows the product's total across its packagings, and the quantity control stops at the chosen packaging's stock).

describe('back office: stock', () => {
  const journey = backOfficeJourney(async (kit) => ({ manager: await kit.staff('Maya Manager', 'manager') }));
  const { kit } = journey;

  /** A seeded product the shop shows in stock, as the shop reads it. */
  async function productInStock(): Promise<ProductDetails> {
    const list = await kit.ok<{ products: Array<{ id: number; stock_state: string; stock_total: number }> }>(
      '/v2/get-product-list',
      { limit: 50 },
    );
    const candidate = list.products.find((p) => p.stock_state === 'in_stock' && p.stock_total > 0);
    if (!candidate) throw new Error('the seeded shop has no product in stock');
    return (await kit.ok<{ product: ProductDetails }>('/v2/get-product-details', { product_id: candidate.id })).product;
  }

  const stockCard = (page: Page) => page.getByRole('region', { name: 'Stock', exact: true });

  it('a manager adjusts a packaging +5 with a reason: the product page and the shop show the new stock', async () => {
    const before = await productInStock();
    // The packaging the product page opens on (docs/decisions/055), whose stock its "In stock" line counts.
    const packaging = cheapestPackaging(before.variants)!;
    const { page, errors, close } = await journey.open(journey.people.manager, `/admin/products/${before.id}`);
    const card = stockCard(page);
    await card.getByRole('button', { name: 'Adjust stock' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    if (before.variants.length > 1) await dialog.getByLabel('Packaging').selectOption(String(packaging.id));
    await dialog.getByLabel('Change').fill('+5');
    await dialog.getByText(`Stock now ${packaging.stock} → after the change ${packaging.stock + 5}`).waitFor();
    await dialog.getByLabel('Reason').fill('Delivery from the tea garden');
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The card's stock and its history, newest first.
    const levels = card.getByRole('table', { name: 'Stock of each packaging' });
    await levels
      .getByRole('row')
      .filter({ hasText: packaging.name })
      .filter({ hasText: String(packaging.stock + 5) })
      .waitFor();
    const history = card.getByRole('table', { name: 'Every change of this product’s stock, newest first' });
    const newest = history.getByRole('row').nth(1);
    await newest.filter({ hasText: 'Delivery from the tea garden' }).waitFor();
    const text = await newest.textContent();
    expect(text).toContain('+5');
    expect(text).toContain(String(packaging.stock + 5));
    expect(text).toContain(journey.people.manager.email);
    expect(errors).toEqual([]);

    // The same card fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await stockCard(page).getByRole('button', { name: 'Adjust stock' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await close();

    // The shop's product page: the product's stock count, and the quantity control up to the packaging's stock.
    const shopper = await newPage(journey.browser, `${journey.shop.url}/details/${before.id}`, {
      viewport: { width: 1366, height: 800 },
    });
    await shopper.page.getByText(`In stock: ${packaging.stock + 5} available`).waitFor();
    const after = (await kit.ok<{ product: ProductDetails }>('/v2/get-product-details', { product_id: before.id }))
      .product;
    expect(after.variants.find((v) => v.id === packaging.id)!.stock).toBe(packaging.stock + 5);
    expect(shopper.errors).toEqual([]);
    await shopper.close();
  });

  it('the server refuses taking more than the packaging holds; the dialog says so and nothing changes', async () => {
    const before = await productInStock();
    const packaging = before.variants[0]!;
    const { page, errors, close } = await journey.open(journey.people.manager, `/admin/products/${before.id}`);
    await stockCard(page).getByRole('button', { name: 'Adjust stock' }).click();
    const dialog = page.getByRole('dialog');
    if (before.variants.length > 1) await dialog.getByLabel('Packaging').selectOption(String(packaging.id));
    // Meanwhile someone else takes all but one (the form read more than is left).
    if (packaging.stock !== 1) {
      await kit.ok(
        '/admin/stock/adjust',
        { packaging_id: packaging.id, delta: 1 - packaging.stock, reason: 'Stock count' },
        journey.people.manager.token,
      );
    }
    await dialog.getByLabel('Change').fill('-2');
    await dialog.getByLabel('Reason').fill('Broken tin');
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await dialog.getByText('Only 1 in stock: taking 2 would go below zero').first().waitFor();
    const after = (await kit.ok<{ product: ProductDetails }>('/v2/get-product-details', { product_id: before.id }))
      .product;
    expect(after.variants.find((v) => v.id === packaging.id)!.stock).toBe(1);
    // The refusal is an answer the form shows, not an error of the page.
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await close();
  });
});
