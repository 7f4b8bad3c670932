import { backOfficeJourney } from './support/back-office';
import { PNG } from './support/checkout';

// "Request exchange" (docs/decisions/020) in a real browser against the real server: a customer with a completed order
// asks on a phone to exchange its item with a photo; a manager sees the request (and its photo) in the back office and
// approves it with what is sent instead; the customer's order page then says "Approved" and what is sent.

describe('exchanges journey', () => {
  const journey = backOfficeJourney(async (kit) => {
    const [manager, buyer] = await Promise.all([kit.staff('Mona Manager', 'manager'), kit.customer('Ezra Exchange')]);
    const order = await kit.placeTransferOrder(buyer);
    for (const path of ['/admin/orders/confirm-payment', '/admin/orders/processing', '/admin/orders/complete'])
      await kit.ok(path, { order_no: order.order_no }, manager.token);
    return { manager, buyer, order };
  });

  it('the customer requests an exchange with a photo, staff approve it, the customer sees what is sent', async () => {
    const { manager, buyer, order } = journey.people;

    // The customer, on a phone: the order's page offers "Request exchange" until the deadline.
    const shopper = await journey.open(buyer, `/order?id=${order.id}`, { width: 390, height: 844 });
    const dialog = shopper.page.getByRole('dialog', { name: new RegExp(order.order_no) });
    const section = dialog.getByRole('region', { name: 'Exchanges' });
    await section.getByText(/^Exchange possible until /).waitFor();
    await section.getByRole('button', { name: `Request exchange: order ${order.order_no}` }).click();
    const form = section.getByRole('form', { name: 'Request exchange' });
    await form.getByRole('radio', { name: 'Damaged' }).check();
    await form.getByLabel('Note (optional)').fill('The pouch arrived torn.');
    await form.getByLabel('Photo (optional)').setInputFiles({ name: 'torn.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Send request' }).click();
    await section.getByText('Requested: we will answer soon').waitFor();
    await form.waitFor({ state: 'detached' });

    // A manager: the dashboard counts the open request; the Exchanges screen lists it with its photo; Approve.
    const admin = await journey.open(manager, '/admin/exchanges?status=requested');
    const table = admin.page.getByRole('table', { name: 'Exchange requests, newest first' });
    const row = table.getByRole('row').filter({ hasText: order.order_no });
    await row.waitFor();
    const photoHref = await row.getByRole('link', { name: 'Photo' }).getAttribute('href');
    const photo = await admin.page.request.get(`${journey.shop.url}${photoHref}`);
    expect([photo.status(), photo.headers()['content-type']]).toEqual([200, 'image/jpeg']);
    await row.getByRole('button', { name: /^Approve the exchange of/ }).click();
    const decide = admin.page.getByRole('dialog', { name: 'Approve the exchange' });
    await decide.getByLabel('What is sent instead').fill('A new 100 g pouch, sent by Standard delivery');
    await decide.getByRole('button', { name: 'Approve' }).click();
    await decide.waitFor({ state: 'detached' });
    // No longer open: it leaves the Requested list; under Approved it says what is sent.
    await row.waitFor({ state: 'detached' });
    await admin.page.getByLabel('Status').selectOption('approved');
    await table
      .getByRole('row')
      .filter({ hasText: order.order_no })
      .getByText('Sending: A new 100 g pouch, sent by Standard delivery')
      .waitFor();

    // The customer's page, opened again: Approved, and what is sent instead.
    await shopper.page.reload();
    await section.getByText('Approved: A new 100 g pouch, sent by Standard delivery').waitFor();
    await expect(section.getByRole('button', { name: /Request exchange: order/ }).count()).resolves.toBe(0);

    expect(shopper.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await Promise.all([shopper.close(), admin.close()]);
  });
});
