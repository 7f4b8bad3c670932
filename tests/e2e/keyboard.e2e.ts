import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, type Shop, startShop } from './harness';
import { backOfficeKit, type Person } from './support/back-office';
import { PNG } from './support/checkout';
import { expectVisibleFocus, focused, hasFocus, pressAndExpectFocus, tabTo, typeText } from './support/keyboard';

// Keyboard-only journeys (docs/decisions/049), in a real browser at 1366×800 against the real server: Tab,
// Shift+Tab, Enter, Space, Escape and the arrow keys, and typing into what has focus; no clicks, no `fill`. Every stop
// of focus is checked for a visible ring of at least 3:1 that no fixed bar covers; every dialog on the way keeps Tab
// inside, closes on Escape where it may, and gives focus back to what opened it.
//
// A shopper on a first visit: the age gate, search, a product, the cart panel, log-in, checkout with a new address
// and a bank transfer, the order. A manager in the back office: log-in, the order waiting, its receipt, Confirm payment.

describe('keyboard-only journeys', () => {
  let shop: Shop;
  let browser: Browser;
  const kit = backOfficeKit(() => shop);
  let manager: Person;
  const shopper = { email: `keys.shopper.${randomUUID().slice(0, 6)}@example.com`, password: 'Secret123!' };

  beforeAll(async () => {
    // A longer wait for the server than the default: this file is long and often runs beside others on a busy machine.
    [shop, browser] = await Promise.all([startShop({ timeoutMs: 90_000 }), launchBrowser()]);
    manager = await kit.staff('Kim Keys', 'manager');
    // A shopper without an address: the checkout's dialog adds the first one.
    await kit.ok('/v1/user-register', {
      nickname: 'Kai Keys',
      email: shopper.email,
      phone: '+639175550149',
      password: shopper.password,
      confirm_password: shopper.password,
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** Tabs to `target` and presses `key` (Enter by default) on it. */
  const activate = async (page: Page, target: Locator, key = 'Enter') => {
    await tabTo(page, target);
    await page.keyboard.press(key);
  };

  /**
   * Tab round the dialog: focus never leaves it, every stop has a visible ring, Tab from the last stop (in the page's
   * order) goes to the first and Shift+Tab from the first to the last. Resolves to the stops, first to last.
   */
  const expectTabKeptInside = async (page: Page, dialog: Locator) => {
    const where = () =>
      dialog.evaluate((d) => {
        const el = document.activeElement;
        return { inside: d.contains(el), index: Array.from(d.querySelectorAll('*')).indexOf(el as Element) };
      });
    const round: Array<{ label: string; index: number }> = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const at = await where();
      const { label } = await focused(page);
      expect(at.inside, `Tab left the dialog, to ${label}`).toBe(true);
      await expectVisibleFocus(page, { unobscured: false });
      const seen = round.findIndex((r) => r.label === label);
      if (seen >= 0) {
        round.splice(0, seen); // a full round, from the stop seen twice
        break;
      }
      round.push({ label, index: at.index });
    }
    // The round as the page orders it: the stop with the lowest index first. Tab from the last went to the first.
    const first = round.reduce((a, b) => (b.index < a.index ? b : a));
    const stops = [...round.slice(round.indexOf(first)), ...round.slice(0, round.indexOf(first))].map((r) => r.label);
    while ((await focused(page)).label !== stops[0]) await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).label, 'Shift+Tab from the first stop goes to the last').toBe(stops.at(-1));
    expect((await where()).inside).toBe(true);
    return stops;
  };

  it('a shopper on a first visit: age gate, search, product, cart, checkout with a new address, the order', async () => {
    const { page, errors, close } = await newPage(browser, `${shop.url}/`, {
      viewport: { width: 1366, height: 800 },
    });

    // The age gate: focus inside, Tab kept inside, Escape does not dismiss it, Enter on Yes does.
    const gate = page.getByRole('dialog', { name: /legal age/ });
    await gate.waitFor();
    await expect.poll(() => gate.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // No, Yes, and the language select the gate offers before it is answered (docs/decisions/055).
    expect(await expectTabKeptInside(page, gate)).toEqual([
      'BUTTON "No"',
      'BUTTON "Yes"',
      expect.stringMatching(/^SELECT /),
    ]);
    await page.keyboard.press('Escape');
    expect(await gate.isVisible()).toBe(true);
    await tabTo(page, gate.getByRole('button', { name: 'Yes', exact: true }));
    await page.keyboard.press('Enter');
    await gate.waitFor({ state: 'detached' });
    // Focus at the page's start (the header's first link), not past the header.
    await expect.poll(async () => (await focused(page)).label).toBe('A "Leaf & Cup"');
    await expectVisibleFocus(page);
    await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe('A "Home"');

    // The Shop menu (a disclosure, not modal): ArrowDown opens it on its first entry, Escape closes it and gives
    // focus back to its button.
    const shopButton = page.getByRole('button', { name: 'Shop', exact: true });
    await tabTo(page, shopButton);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => shopButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`[id="${await shopButton.getAttribute('aria-controls')}"]`);
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await expectVisibleFocus(page);
    await pressAndExpectFocus(page, 'Escape', shopButton);
    expect(await shopButton.getAttribute('aria-expanded')).toBe('false');

    // Search from the header.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await tabTo(page, search);
    await typeText(page, 'longjing');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/products\?q=longjing$/);
    const result = page.getByRole('link', { name: /Dragon Well Longjing/ }).first();
    await result.waitFor();
    await activate(page, result);
    await page.waitForURL(/\/details\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Dragon Well Longjing' }).waitFor();

    // A packaging with the arrow keys, then Add to cart: a guest logs in first and comes back to the product.
    const packagings = page.getByRole('radio');
    await tabTo(page, packagings.first());
    const firstChecked = await packagings.first().isChecked();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await packagings.first().isChecked()) !== firstChecked).toBe(true);
    await expectVisibleFocus(page);
    const add = page.getByRole('button', { name: /^Add to cart/ });
    await activate(page, add);
    await page.waitForURL(/\/login\?redirect=/);
    await tabTo(page, page.getByLabel('Email / Phone Number', { exact: true }));
    await typeText(page, shopper.email);
    await pressAndExpectFocus(page, 'Tab', page.getByLabel('Password', { exact: true }));
    await typeText(page, shopper.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/details\/\d+$/);

    // The cart panel opens with the line: focus inside, Tab kept inside, Escape closes it.
    const panel = page.getByRole('dialog', { name: 'Your Cart' });
    await panel.getByText('Dragon Well Longjing').waitFor();
    await expect.poll(() => panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const stops = await expectTabKeptInside(page, panel);
    expect(stops.at(-1)).toBe('BUTTON "Secure Checkout"');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // What opened it (the log-in page's button) is gone: focus on the product's title, not lost on the page.
    await expect.poll(async () => (await focused(page)).label).toBe('H1 "Dragon Well Longjing"');

    // Add to cart again, now logged in: the panel; Escape gives focus back to Add to cart; Enter opens it again.
    await activate(page, add);
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await pressAndExpectFocus(page, 'Escape', add);
    await panel.waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await activate(page, panel.getByRole('button', { name: 'Secure Checkout' }));
    await page.waitForURL(`${shop.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByText('You have no saved address yet.').waitFor();

    // A new address in the dialog: focus inside, Tab kept inside, fields typed, the State chosen with the keyboard.
    const addAddress = page.getByRole('button', { name: /Add address/ });
    await activate(page, addAddress);
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectTabKeptInside(page, dialog);
    // Escape closes it, focus back on Add address; open it again.
    await pressAndExpectFocus(page, 'Escape', addAddress);
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const field = (label: string | RegExp) => dialog.getByLabel(label, { exact: typeof label === 'string' });
    for (const [label, text] of [
      ['Receiver name', 'Kai Keys'],
      ['Shipping contact phone', '+639175550149'],
      ['Address', '49 Narra Avenue'],
      ['City', 'Quezon City'],
      ['Zip code', '1100'],
    ] as const) {
      await tabTo(page, field(label), { max: 20 });
      await page.keyboard.press('ControlOrMeta+A');
      await typeText(page, text);
    }
    await tabTo(page, field('State'), { max: 20, back: true });
    await typeText(page, 'Metro Manila');
    await expect
      .poll(() => field('State').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe('Metro Manila');
    await activate(page, dialog.getByRole('button', { name: 'Save address' }));
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('radio', { name: /Kai Keys/ }).isChecked()).toBe(true);
    // Focus back where the dialog was opened from (its button, still on the page).
    expect(await hasFocus(addAddress)).toBe(true);
    await expectVisibleFocus(page);

    // Bank transfer: the reference typed, the receipt chosen through the file chooser opened with Space.
    await tabTo(page, page.getByLabel('Payment reference'));
    await typeText(page, 'BDO-KEYS-049');
    const receipt = page.getByLabel('Receipt image');
    await tabTo(page, receipt, { max: 10 });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await chooser.setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
    await page.waitForFunction(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-primary-action="place-order"]');
      return b && !b.disabled && b.textContent?.startsWith('Place order');
    });
    await activate(page, page.locator('[data-primary-action="place-order"]'));
    await page.waitForURL(/\/order\?id=\d+$/);
    const order = page.getByRole('dialog', { name: /^Order / });
    await order.waitFor();
    await expect.poll(() => order.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectVisibleFocus(page, { unobscured: false });

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  }, 180_000);

  it('a manager logs in to the back office, opens the order waiting and confirms its payment', async () => {
    const buyer = await kit.customer('Bea Buyer');
    const order = await kit.placeTransferOrder(buyer);
    const { page, errors, close } = await newPage(browser, `${shop.url}/admin/orders`, {
      viewport: { width: 1366, height: 800 },
    });
    await page.waitForURL(/\/login\?redirect=/);

    // The age gate, then log-in.
    const gate = page.getByRole('dialog', { name: /legal age/ });
    await gate.waitFor();
    await tabTo(page, gate.getByRole('button', { name: 'Yes', exact: true }));
    await page.keyboard.press('Enter');
    await gate.waitFor({ state: 'detached' });
    await tabTo(page, page.getByLabel('Email / Phone Number', { exact: true }));
    await typeText(page, manager.email);
    await pressAndExpectFocus(page, 'Tab', page.getByLabel('Password', { exact: true }));
    await typeText(page, manager.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/admin/orders`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    // The order: found by its number, opened from its row.
    await tabTo(page, page.getByLabel('Search orders'));
    await typeText(page, order.order_no);
    const row = page.getByRole('row').filter({ hasText: order.order_no });
    await row.getByText('Receipt to check').waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await activate(page, row.getByRole('link', { name: order.order_no }));
    await page.waitForURL(`${shop.url}/admin/orders/${order.order_no}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();

    // The receipt full size: a dialog that keeps Tab inside, closes on Escape, gives focus back to its opener.
    const zoomButton = page.getByRole('button', { name: 'Open the receipt full size' });
    await activate(page, zoomButton);
    const zoom = page.getByRole('dialog');
    await zoom.getByRole('img').waitFor();
    await expect.poll(() => zoom.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectTabKeptInside(page, zoom);
    await pressAndExpectFocus(page, 'Escape', zoomButton);
    await zoom.waitFor({ state: 'detached' });

    // Reject receipt asks in a dialog: the same, and Cancel leaves the order as it was.
    const actions = page.getByRole('region', { name: 'Actions' });
    const reject = actions.getByRole('button', { name: 'Reject receipt' });
    await activate(page, reject);
    const ask = page.getByRole('dialog', { name: /Reject/ });
    await ask.waitFor();
    await expect.poll(() => ask.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectTabKeptInside(page, ask);
    await pressAndExpectFocus(page, 'Escape', reject);
    await ask.waitFor({ state: 'detached' });

    // Confirm payment: the order is Paid; focus goes on to the next step offered, not lost on the page.
    await activate(page, actions.getByRole('button', { name: 'Confirm payment' }));
    const next = actions.getByRole('button', { name: 'Mark as processing' });
    await next.waitFor();
    await page.locator('.admin-orders__badges').getByText('Paid', { exact: true }).waitFor();
    await expect.poll(() => hasFocus(next)).toBe(true);
    await expectVisibleFocus(page);
    expect((await kit.customerOrder(buyer, order.id)).status).toBe('Paid');

    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
