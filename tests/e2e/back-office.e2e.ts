import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, type Shop, shopCommand, startShop } from './harness';
import { backOfficeKit, openAs, type Person, type PlacedOrder } from './support/back-office';
import { PNG } from './support/checkout';

// The back office as staff use it (docs/decisions/013), in a real browser at 1366×800 against the real server: a
// receipt checked and the payment confirmed (the customer's order shows Paid); a receipt rejected (the customer sees
// the reason and uploads again; staff see it waiting again); tracking saved by a fulfilment member (the customer sees
// it); a paid order cancelled shows "refund owed" until a refund is recorded; a payout request marked as paid; the
// audit log lists each of these; the orders exported as CSV. Roles, phone and Telegram: back-office-access.e2e.ts.

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

describe('back office journeys', () => {
  let shop: Shop;
  let browser: Browser;
  const kit = backOfficeKit(() => shop);
  let owner: Person;
  let manager: Person;
  let fulfilment: Person;
  /** Orders the journeys made, for the audit log and the CSV. */
  const made: Record<'confirmed' | 'rejected' | 'tracked' | 'refunded', PlacedOrder | undefined> = {
    confirmed: undefined,
    rejected: undefined,
    tracked: undefined,
    refunded: undefined,
  };
  let paidPayout: { id: number; reference: string; agentEmail: string } | undefined;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
    [owner, manager, fulfilment] = await Promise.all([
      kit.staff('Olive Owner', 'owner'),
      kit.staff('Manny Manager', 'manager'),
      kit.staff('Fern Fulfilment', 'fulfilment'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /** The order page's Actions card (the page's main action repeats one of them in its header). */
  const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });
  /** The staff order page of `orderNo`, loaded. */
  const orderPage = async (page: Page, orderNo: string) => {
    await page.goto(`${shop.url}/admin/orders/${orderNo}`);
    await page.getByRole('heading', { level: 1, name: `Order ${orderNo}` }).waitFor();
  };
  /** The customer's own order dialog (`/order?id=`). */
  const customerOrderDialog = async (page: Page, order: PlacedOrder) => {
    await page.goto(`${shop.url}/order?id=${order.id}`);
    const dialog = page.getByRole('dialog', { name: `Order ${order.order_no}` });
    await dialog.waitFor();
    return dialog;
  };
  const confirmByApi = (orderNo: string) =>
    kit.ok('/admin/orders/confirm-payment', { order_no: orderNo }, manager.token);

  it('1. an owner logs in, finds the receipt to check, sees it and confirms the payment: the customer sees Paid', async () => {
    const buyer = await kit.customer('Cora Customer');
    const order = await kit.placeTransferOrder(buyer);
    made.confirmed = order;

    // A guest opening the back office logs in first and comes back.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${shop.url}/admin/orders`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByLabel('Email / Phone Number', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${shop.url}/admin/orders`);

    // Orders: the order is listed with its receipt to check.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByLabel('Search orders').fill(order.order_no);
    const row = page.getByRole('row').filter({ hasText: order.order_no });
    await row.getByText('Receipt to check').waitFor();
    await row.getByRole('link', { name: order.order_no }).click();
    await page.waitForURL(`${shop.url}/admin/orders/${order.order_no}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();

    // The receipt image inline (loaded), and full size in a dialog that Escape closes.
    const receipt = page.getByRole('img', { name: `Receipt image of order ${order.order_no}` }).first();
    await receipt.scrollIntoViewIfNeeded();
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await page.getByRole('button', { name: 'Open the receipt full size' }).click();
    const zoom = page.getByRole('dialog');
    await zoom.getByRole('img').waitFor();
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'detached' });

    // Confirm payment: the order is Paid; the next step (Mark as processing) is offered.
    await actions(page).getByRole('button', { name: 'Confirm payment' }).click();
    await actions(page).getByRole('button', { name: 'Mark as processing' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Confirm payment' }).count()).toBe(0);
    await page.locator('.admin-orders__badges').getByText('Paid', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();

    // The customer's order shows Paid.
    expect((await kit.customerOrder(buyer, order.id)).status).toBe('Paid');
    const mine = await openAs(browser, shop, buyer, '/order');
    const dialog = await customerOrderDialog(mine.page, order);
    await dialog.locator('.ord-badge--paid').first().waitFor();
    expect(await dialog.locator('.ord-badge--paid').first().textContent()).toBe('Paid');
    expect(mine.errors).toEqual([]);
    await mine.close();
  });

  it('2. a manager rejects a receipt with a reason: the customer sees it and uploads again; staff see it waiting again', async () => {
    const buyer = await kit.customer('Rhea Rejected');
    const order = await kit.placeTransferOrder(buyer);
    made.rejected = order;
    const reason = 'The amount on this receipt is not the order total';

    const staffPage = await openAs(browser, shop, manager, `/admin/orders/${order.order_no}`);
    const { page } = staffPage;
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();
    await actions(page).getByRole('button', { name: 'Reject receipt' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: 'Reject receipt' }).click();
    await dialog.waitFor({ state: 'detached' });
    // No receipt waits any more: nothing to reject; the page says why it was refused.
    await expect.poll(() => page.getByRole('button', { name: 'Reject receipt' }).count()).toBe(0);
    await page.getByText(reason, { exact: false }).first().waitFor();
    expect((await kit.customerOrder(buyer, order.id)).receipt_rejected_reason).toBe(reason);

    // The customer sees the reason on the order and uploads a new receipt there.
    const mine = await openAs(browser, shop, buyer, '/order');
    const detail = await customerOrderDialog(mine.page, order);
    await detail
      .getByRole('alert')
      .filter({ hasText: `Your receipt was not accepted: ${reason}. Please upload a new receipt.` })
      .waitFor();
    await detail.getByLabel('Payment reference').fill('BDO-AGAIN-0002');
    await detail.getByLabel('Receipt image').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: PNG });
    await detail.getByRole('button', { name: 'Submit payment' }).click();
    await mine.page.getByText('Payment submitted; we will confirm it shortly').waitFor();
    await expect.poll(async () => (await kit.customerOrder(buyer, order.id)).receipt_rejected_reason).toBeNull();
    await expect.poll(() => detail.getByText(/Your receipt was not accepted/).count()).toBe(0);
    expect(mine.errors).toEqual([]);
    await mine.close();

    // Staff: the list shows the receipt to check again, and the order page offers both decisions again.
    await page.goto(`${shop.url}/admin/orders?q=${encodeURIComponent(order.order_no)}`);
    await page.getByRole('row').filter({ hasText: order.order_no }).getByText('Receipt to check').waitFor();
    await orderPage(page, order.order_no);
    await actions(page).getByRole('button', { name: 'Reject receipt' }).waitFor();
    await actions(page).getByRole('button', { name: 'Confirm payment' }).waitFor();
    await page
      .getByRole('img', { name: `Receipt image of order ${order.order_no}` })
      .first()
      .waitFor();
    expect(staffPage.errors).toEqual([]);
    await staffPage.close();
  });

  it('3. a fulfilment member saves the tracking of a paid order: the customer sees it', async () => {
    const buyer = await kit.customer('Tomas Tracked');
    const order = await kit.placeTransferOrder(buyer);
    made.tracked = order;
    await confirmByApi(order.order_no);

    const staffPage = await openAs(browser, shop, fulfilment, `/admin/orders/${order.order_no}`);
    const { page } = staffPage;
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();
    await actions(page).getByRole('button', { name: 'Mark as processing' }).waitFor();
    // No money decisions for fulfilment.
    for (const label of ['Confirm payment', 'Reject receipt', 'Cancel order', 'Record refund'])
      expect(await page.getByRole('button', { name: label }).count(), label).toBe(0);

    await actions(page).getByRole('button', { name: 'Save tracking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Company/i).fill('LBC Express');
    await dialog.getByLabel(/Number/i).fill('LBC-889900');
    await dialog.getByLabel(/Link/i).fill('https://track.example.com/LBC-889900');
    await dialog.getByRole('button', { name: 'Save tracking' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('LBC-889900').first().waitFor();
    expect(staffPage.errors).toEqual([]);
    await staffPage.close();

    const mine = await openAs(browser, shop, buyer, '/order');
    const detail = await customerOrderDialog(mine.page, order);
    const tracking = detail.getByRole('region', { name: 'Tracking' });
    await tracking.getByText('LBC Express').waitFor();
    await tracking.getByText('LBC-889900').waitFor();
    expect(await tracking.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(
      'https://track.example.com/LBC-889900',
    );
    expect(mine.errors).toEqual([]);
    await mine.close();
  });

  it('4. a paid order cancelled by staff shows "refund owed" until Record refund; then the refund is shown', async () => {
    const buyer = await kit.customer('Rafa Refunded');
    const order = await kit.placeTransferOrder(buyer);
    made.refunded = order;
    await confirmByApi(order.order_no);
    const amount = (order.total_cents / 100).toFixed(2);

    const staffPage = await openAs(browser, shop, manager, `/admin/orders/${order.order_no}`);
    const { page } = staffPage;
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_no}` }).waitFor();
    await actions(page).getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/stock/i).first().waitFor();
    await confirm.getByRole('button', { name: /Cancel order/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await page
      .getByText(/Refund owed/)
      .first()
      .waitFor();
    expect((await kit.customerOrder(buyer, order.id)).refund_owed_cents).toBe(order.total_cents);

    // The list says so too.
    await page.goto(`${shop.url}/admin/orders?q=${encodeURIComponent(order.order_no)}`);
    await page.getByRole('row').filter({ hasText: order.order_no }).getByText('Refund owed').waitFor();

    await orderPage(page, order.order_no);
    await actions(page).getByRole('button', { name: 'Record refund' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel(/Amount/i).fill(amount);
    await form.getByLabel(/Method/i).selectOption('bank_transfer');
    await form.getByLabel(/Reference/i).fill('REFUND-BDO-4411');
    await form.getByRole('button', { name: 'Record refund' }).click();
    await form.waitFor({ state: 'detached' });
    await page
      .getByText(/REFUND-BDO-4411/)
      .first()
      .waitFor();
    await expect.poll(() => page.getByText(/Refund owed/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Record refund' }).count()).toBe(0);
    const after = await kit.customerOrder(buyer, order.id);
    expect({ owed: after.refund_owed_cents, refunded: after.refunded_cents }).toEqual({
      owed: 0,
      refunded: order.total_cents,
    });
    expect(staffPage.errors).toEqual([]);
    await staffPage.close();

    // The customer's order says it was refunded.
    const mine = await openAs(browser, shop, buyer, '/order');
    const detail = await customerOrderDialog(mine.page, order);
    await detail.getByText(`Refunded $${amount}`).waitFor();
    await mine.close();
  });

  it('5. a payout request is marked as paid with a reference on the Affiliates screen', async () => {
    // An agent with a confirmed commission: a referred member's order completed.
    const agent = await kit.customer('Ada Agent');
    await shopCommand(shop, ['make-agent', agent.email, '--rate-bp', '1000']);
    const member = await kit.customer('Milo Member', { referralCode: agent.referralCode });
    const order = await kit.placeTransferOrder(member);
    for (const path of ['/admin/orders/confirm-payment', '/admin/orders/processing', '/admin/orders/complete'])
      await kit.ok(path, { order_no: order.order_no }, manager.token);
    await kit.ok(
      '/v2/update-commission-bank',
      {
        bank_name: 'BDO Unibank',
        bank_account_name: 'Ada Agent',
        bank_account_number: '0012-3456-7890',
        current_password: agent.password,
      },
      agent.token,
    );
    const eligible = await kit.ok<{ payout: { allowed: boolean; available_cents: number } }>(
      '/v2/get-payout-requests',
      {},
      agent.token,
    );
    expect(eligible.payout.allowed).toBe(true);
    expect(eligible.payout.available_cents).toBeGreaterThan(0);
    const requested = await kit.ok<{ payout: { id: number } }>(
      '/v2/request-payout',
      { amount_cents: eligible.payout.available_cents },
      agent.token,
    );
    const payoutId = requested.payout.id;
    const amount = `$${(eligible.payout.available_cents / 100).toFixed(2)}`;

    const staffPage = await openAs(browser, shop, manager, '/admin/affiliates?tab=payouts');
    const { page } = staffPage;
    await page.getByRole('heading', { level: 1, name: 'Affiliates' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: agent.email });
    await row.getByText('BDO Unibank').waitFor();
    await row.getByText(amount).waitFor();
    await row.getByRole('button', { name: `Mark payout request ${payoutId} as paid` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Transfer reference/).fill('BDO-PAYOUT-7788');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Payout of ${amount} marked as paid`).waitFor();
    // Listed as paid with its reference (all statuses).
    await page.getByLabel('Status').selectOption('');
    const paidRow = page.getByRole('row').filter({ hasText: agent.email });
    await paidRow.getByText('Reference: BDO-PAYOUT-7788').waitFor();
    expect(await paidRow.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
    expect(staffPage.errors).toEqual([]);
    await staffPage.close();

    const mine = await kit.ok<{ payouts: Array<{ id: number; status: string; reference: string | null }> }>(
      '/v2/get-payout-requests',
      {},
      agent.token,
    );
    expect(mine.payouts.find((p) => p.id === payoutId)).toMatchObject({ status: 'Paid', reference: 'BDO-PAYOUT-7788' });
    paidPayout = { id: payoutId, reference: 'BDO-PAYOUT-7788', agentEmail: agent.email };
  });

  it('6. the owner’s audit log lists each of these changes', async () => {
    const staffPage = await openAs(browser, shop, owner, '/admin/audit');
    const { page, errors } = staffPage;
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const list = page.getByRole('list', { name: 'Audit log entries' });
    const entry = (action: string) =>
      list.getByRole('listitem').filter({ has: page.getByText(action, { exact: true }) });

    const expectOrder = async (order: PlacedOrder | undefined, expected: Array<[string, string]>) => {
      expect(order, 'an earlier journey made this order').toBeDefined();
      await page.getByLabel('Order number').fill(order!.order_no);
      for (const [action, who] of expected) {
        const item = entry(action).filter({ hasText: order!.order_no }).first();
        await item.waitFor();
        expect(await item.textContent(), action).toContain(who);
        expect(await item.textContent(), action).toContain(order!.order_no);
      }
    };
    await expectOrder(made.confirmed, [['order.confirm_payment', owner.email]]);
    await expectOrder(made.rejected, [['order.reject_receipt', manager.email]]);
    await expectOrder(made.tracked, [['order.tracking', fulfilment.email]]);
    await expectOrder(made.refunded, [
      ['order.cancel', manager.email],
      ['order.refund', manager.email],
    ]);

    await page.getByLabel('Order number').fill('');
    await page.getByLabel('Kind').selectOption('payout');
    expect(paidPayout, 'journey 5 marked a payout as paid').toBeDefined();
    const payout = entry('payout.paid').first();
    await payout.waitFor();
    expect(await payout.textContent()).toContain(manager.email);
    expect(await payout.textContent()).toContain(paidPayout!.reference);
    expect(errors).toEqual([]);
    await staffPage.close();
  });

  it('7. Export CSV downloads the filtered list, with the orders above', async () => {
    const staffPage = await openAs(browser, shop, owner, '/admin/orders');
    const { page, errors } = staffPage;
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(download.suggestedFilename()).toBe(
      `orders-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`,
    );
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(header?.slice(0, 3)).toEqual(['Order number', 'Placed at (UTC)', 'Status']);
    const rowOf = (order: PlacedOrder | undefined) => {
      expect(order, 'an earlier journey made this order').toBeDefined();
      return rows.find((r) => r[0] === order!.order_no);
    };
    for (const order of Object.values(made)) expect(rowOf(order), order?.order_no).toBeDefined();
    expect(rowOf(made.confirmed)?.[2]).toBe('Paid');
    expect(rowOf(made.refunded)?.[2]).toBe('Cancelled');
    expect(rowOf(made.tracked)).toContain('LBC-889900');

    // A filtered export holds only what the list shows.
    await page.getByLabel('Search orders').fill(made.tracked!.order_no);
    await page.getByRole('row').filter({ hasText: made.tracked!.order_no }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: made.confirmed!.order_no }).count()).toBe(0);
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const only = parseCsv((await readFile((await filtered.path())!)).subarray(3).toString('utf8'));
    expect(only.slice(1).map((r) => r[0])).toEqual([made.tracked!.order_no]);
    expect(errors).toEqual([]);
    await staffPage.close();
  });
});
