import type { Locator, Page } from 'playwright-core';

// Steps of the shop's checkout that several browser journeys take the same way.

/** A real 1×1 PNG (the server checks a receipt's bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Fills the "Add address" dialog with an address in Metro Manila (unless `state` names another) and saves it. */
export async function fillAddress(
  dialog: Locator,
  a: { name: string; phone: string; address: string; city: string; zip: string; state?: string },
): Promise<void> {
  await dialog.getByLabel('Receiver name').fill(a.name);
  await dialog.getByLabel('Shipping contact phone').fill(a.phone);
  await dialog.getByLabel('Address', { exact: true }).fill(a.address);
  await dialog.getByLabel('City').fill(a.city);
  await dialog.getByLabel('State').selectOption({ label: a.state ?? 'Metro Manila' });
  await dialog.getByLabel('Zip code').fill(a.zip);
  await dialog.getByRole('button', { name: 'Save address' }).click();
}

/** On a product page: adds the chosen packaging to the cart, then closes the cart panel that opens. */
export async function addToCartFromProductPage(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: /^Add to cart/ }).click();
  const panel = page.getByRole('dialog', { name: 'Your Cart' });
  await panel.waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

/** Bank transfer at checkout: the reference and a receipt image (its preview shown). */
export async function payByTransfer(page: Page, reference: string): Promise<void> {
  await page.getByLabel('Payment reference').fill(reference);
  await page.getByLabel('Receipt image').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
}

/** Bank transfer at checkout: the reference and a receipt image, then Place order once the button is ready. */
export async function payByTransferAndPlace(page: Page, reference: string): Promise<void> {
  await payByTransfer(page, reference);
  await page.waitForFunction(() => {
    const b = document.querySelector<HTMLButtonElement>('[data-primary-action="place-order"]');
    return b && !b.disabled && b.textContent?.startsWith('Place order');
  });
  await page.locator('[data-primary-action="place-order"]').click();
}
