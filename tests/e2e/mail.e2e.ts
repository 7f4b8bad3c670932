import { newPage } from './harness';
import { shopJourney } from './support/back-office';
import { addToCartFromProductPage, fillAddress, payByTransferAndPlace } from './support/checkout';

// E-mail in a real journey (docs/decisions/016): the real server with SMTP_URL pointing at a test SMTP server; its
// sender job delivers what the outbox holds every few seconds. Each topic has its own describe block.

describe('order e-mail journey', () => {
  const journey = shopJourney({ mail: true });
  const account = { email: 'mail.buyer@example.com', password: 'secret1' };

  it('register in the browser → order by bank transfer → the e-mail arrives with the order number and total', async () => {
    const { page, errors, close } = await newPage(journey.browser, `${journey.shop.url}/login`, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Nickname', { exact: true }).fill('Mail Buyer');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Phone Number', { exact: true }).fill('+63 917 555 0188');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${journey.shop.url}/`);

    // One product into the cart.
    await page.goto(`${journey.shop.url}/details/1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('radio').first().check();
    await addToCartFromProductPage(page);

    // Checkout: an address, bank transfer with reference and receipt.
    await page.goto(`${journey.shop.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: /Add address/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add address' });
    await fillAddress(dialog, {
      name: 'Mail Buyer',
      phone: '+639175550188',
      address: '9 Acacia Lane',
      city: 'Pasig',
      zip: '1600',
    });
    await page.getByRole('radio', { name: /Mail Buyer/ }).waitFor();
    await payByTransferAndPlace(page, 'MAIL-REF-0001');
    await page.waitForURL(/\/order\?id=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('id'));

    const order = page.getByRole('dialog', { name: /^Order LC-/ });
    await order.getByText('Thank you! Your order has been placed.').waitFor();
    const title = (await order.getByRole('heading', { level: 2 }).first().textContent()) ?? '';
    const orderNo = /LC-\d{8}-[A-Z0-9]+/.exec(title)![0];
    const total = /\$\d+\.\d\d/.exec((await order.locator('.ord-totals__grand').textContent()) ?? '')![0];

    // The sender job runs every 5 seconds.
    const mail = await journey.smtp.waitFor((m) => m.to === account.email && m.subject.includes(orderNo), 30_000);
    expect(mail.subject).toBe(`Order #${orderNo} placed: ${total}`);
    expect(mail.text).toContain(total);
    expect(mail.text).toContain('9 Acacia Lane');
    const link = `${journey.shop.url}/order?id=${orderId}`;
    expect(mail.html).toContain(`href="${link}"`);

    // The link opens the order in the shop.
    await page.goto(link);
    await page.getByRole('dialog', { name: new RegExp(`^Order ${orderNo}`) }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
