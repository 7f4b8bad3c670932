import type { Page } from 'playwright-core';
import type { AdminOrderDetail } from '../../src/common/contract/admin/orders';
import type { Person } from './support/back-office';
import { cardJourney, leaveHostedPage, orderDialog, placeCardOrder, teaToCheckout } from './support/card-payments';

// Card payments through Stripe's hosted Checkout (docs/decisions/040) in a real browser against the real server,
// whose STRIPE_* settings point at the fake Stripe (tests/support/fake-stripe.ts); the fake's events reach the shop's
// POST /webhooks/stripe signed, as Stripe sends them, through a gate the journey can hold:
// 1. Card at checkout → the hosted page → Pay (the bank confirms later) → back on the order: "Confirming your
//    payment…" while the notices are held → released and settled → Paid, without reloading.
// 2. Cancel on the hosted page → Pending with Pay now → Pay now → Pay → Paid at once (the return asks Stripe), the
//    held notice changing nothing.
// 3. An owner cancels the first order in the back office and sends half of it back with Refund to card: pending, then
//    succeeded once Stripe settles it; the customer's order shows the refund; one payment and one refund exist.
// 4. The same checkout in Chinese: 银行卡, and 正在确认您的付款… on the order.

describe('card payments journey', () => {
  const journey = cardJourney();
  const { kit } = journey;
  let owner: Person;
  const first: { buyer?: Person; id?: number; orderNo?: string; total?: number } = {};

  beforeAll(async () => {
    owner = await kit.staff('Olga Owner', 'owner');
  });
  // Each test starts with cards charged at once, refunds settled at once and notices flowing (a failed one may not
  // have put them back).
  beforeEach(() => {
    journey.fake.hostedPay = {};
    journey.fake.nextRefundStatus = 'succeeded';
  });
  afterEach(async () => {
    await journey.webhooks.release();
  });

  /** The order as staff read it (payments, refunds, totals). */
  const staffOrder = async (orderNo: string) =>
    (await kit.ok<{ order: AdminOrderDetail }>('/admin/orders/get', { order_no: orderNo }, owner.token)).order;

  /** The fake's session of an order (the last one made for it). */
  const sessionOf = (orderId: number) =>
    [...journey.fake.sessions.values()].filter((s) => s.metadata?.order_id === String(orderId)).at(-1)!;

  const orderNoOf = async (buyer: Person, orderId: number) =>
    (await kit.ok<{ order: { order_no: string } }>('/v1/get-order-details', { order_id: orderId }, buyer.token)).order
      .order_no;

  const statusBadge = (page: Page, orderNo: string, status: string) =>
    orderDialog(page, orderNo).locator('.ord-body__head').getByText(status, { exact: true });

  /** Behind the order's dialog, the order history lists the order with this status (the dialog closed). */
  const listedAs = async (page: Page, orderNo: string, status: string) => {
    await orderDialog(page, orderNo).getByRole('button', { name: 'Close' }).click();
    const card = page.getByRole('list', { name: 'Order History' }).getByRole('listitem').filter({ hasText: orderNo });
    await card.getByText(status, { exact: true }).waitFor({ timeout: 5_000 });
  };

  it('1. pays by card on the hosted page: "Confirming your payment…" until the notice, then Paid by itself', async () => {
    const buyer = await kit.customer('Carla Card');
    const { page, errors, close } = await journey.open(buyer, '/');
    // A card charged at once is Paid as soon as the shopper is back: the return's read asks Stripe (journey 2). To see
    // "Confirming your payment…", this payment is one the bank confirms later (Stripe's asynchronous confirmation).
    journey.fake.hostedPay = { async: true };
    await teaToCheckout(page, journey.shop.url, kit);
    const heading = await placeCardOrder(page);
    journey.webhooks.hold();
    const orderId = await leaveHostedPage(page, 'Pay');
    const orderNo = await orderNoOf(buyer, orderId);
    const total = sessionOf(orderId).amount_total!;
    expect(heading).toBe(`Pay $${(total / 100).toFixed(2)}`);

    const dialog = orderDialog(page, orderNo);
    await dialog.getByText('Confirming your payment…').waitFor();
    await statusBadge(page, orderNo, 'Pending').waitFor();
    expect(await dialog.getByRole('button', { name: /^Pay now/ }).count()).toBe(0);

    // The held notice (the session completed, its money not yet taken) arrives: still confirming.
    const released = await journey.webhooks.release();
    expect(released.map((d) => d.status)).toEqual([200]);
    await dialog.getByText('Confirming your payment…').waitFor();

    // The bank confirms; Stripe's notice arrives and the page, polling, turns Paid without a reload.
    journey.fake.settleAsync(sessionOf(orderId).id, 'succeeded');
    await statusBadge(page, orderNo, 'Paid').waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog.getByText('Confirming your payment…').count()).toBe(0);
    expect((await journey.webhooks.settled()).every((d) => d.status === 200)).toBe(true);
    expect(page.url()).toContain('checkout=success');
    await dialog.getByText('Card', { exact: true }).waitFor();
    await listedAs(page, orderNo, 'Paid');

    const staff = await staffOrder(orderNo);
    expect(staff.status).toBe('Paid');
    expect(staff.payment.provider_payments).toHaveLength(1);
    expect(staff.payment.provider_payments[0]).toMatchObject({ amount_cents: total, status: 'succeeded' });
    Object.assign(first, { buyer, id: orderId, orderNo, total });
    expect(errors).toEqual([]);
    await close();
  });

  it('2. cancels on the hosted page, comes back to Pay now, pays, and the order turns Paid', async () => {
    const buyer = await kit.customer('Pablo Paynow');
    const { page, errors, close } = await journey.open(buyer, '/');
    await teaToCheckout(page, journey.shop.url, kit);
    await placeCardOrder(page);
    const orderId = await leaveHostedPage(page, 'Cancel');
    const orderNo = await orderNoOf(buyer, orderId);
    const dialog = orderDialog(page, orderNo);
    await dialog.getByText('The card payment was not completed. You can pay now.').waitFor();
    await statusBadge(page, orderNo, 'Pending').waitFor();

    // Pay now: the same hosted page again (its session is still open); this time the card is charged at once and
    // the notice is held: the return itself asks Stripe, so the page shows Paid before the notice arrives.
    journey.webhooks.hold();
    await dialog.getByRole('button', { name: /^Pay now · \$/ }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await leaveHostedPage(page, 'Pay');
    await statusBadge(page, orderNo, 'Paid').waitFor();
    expect(await dialog.getByRole('button', { name: /^Pay now/ }).count()).toBe(0);
    expect((await journey.webhooks.release()).map((d) => d.status)).toEqual([200]);
    await listedAs(page, orderNo, 'Paid');

    const staff = await staffOrder(orderNo);
    expect(staff.status).toBe('Paid');
    expect(staff.payment.provider_payments).toHaveLength(1);
    expect([...journey.fake.sessions.values()].filter((s) => s.metadata?.order_id === String(orderId))).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('3. an owner refunds half of the first order to the card: pending, then succeeded; the customer sees it', async () => {
    const { buyer, id, orderNo, total } = first as Required<typeof first>;
    const half = Math.floor(total / 2);
    const halfText = `$${(half / 100).toFixed(2)}`;
    const { page, errors, close } = await journey.open(owner, `/admin/orders/${orderNo}`);
    await page.getByRole('heading', { level: 1, name: `Order ${orderNo}` }).waitFor();
    const actions = page.getByRole('region', { name: 'Actions' });
    // Staff see the card payment: its method, amount, card and the provider's payment id.
    const payment = page.getByRole('region', { name: 'Payment' });
    await payment.getByText('Card', { exact: true }).waitFor();
    await payment.getByText(`$${(total / 100).toFixed(2)} · Visa •••• 4242 ·`, { exact: false }).waitFor();
    await payment.getByText(/^pi_/).waitFor();

    await actions.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: /Cancel order/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Paid by card: its refund goes back to the card (Refund to card).').waitFor();

    // Stripe keeps this refund pending until the bank settles it.
    journey.fake.nextRefundStatus = 'pending';
    await actions.getByRole('button', { name: 'Refund to card' }).click();
    const form = page.getByRole('dialog', { name: 'Refund to card' });
    await form.getByLabel(/Amount/).fill((half / 100).toFixed(2));
    await form.getByLabel('Reason').fill('Half of the tin arrived crushed');
    await form.getByRole('button', { name: 'Refund to card' }).click();
    await form.waitFor({ state: 'detached' });
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await refunds.getByText(halfText).first().waitFor();
    await refunds.getByText('pending').waitFor();

    // The bank settles it; Stripe's refund.updated arrives; the order page says succeeded.
    const refund = [...journey.fake.refunds.values()].at(-1)!;
    expect(refund).toMatchObject({ amount: half, status: 'pending', reason: 'requested_by_customer' });
    journey.fake.settleRefund(refund.id, 'succeeded');
    expect((await journey.webhooks.settled()).every((d) => d.status === 200)).toBe(true);
    await page.reload();
    await refunds.getByText(new RegExp(`\\${halfText} by Card, reference re_\\w+.* — succeeded$`)).waitFor();
    await payment.getByText(halfText, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();

    const staff = await staffOrder(orderNo);
    expect(staff.payment.provider_payments).toHaveLength(1);
    expect(staff.refunds).toHaveLength(1);
    expect(staff.refunds[0]).toMatchObject({ amount_cents: half, provider_status: 'succeeded' });
    expect(staff.totals.refunded_cents).toBe(half);
    expect(journey.fake.refunds.size).toBe(1);

    // The orders list names the method too.
    const list = await journey.open(owner, `/admin/orders?q=${orderNo}`);
    await list.page.getByRole('row').filter({ hasText: orderNo }).getByText('Card', { exact: true }).waitFor();
    await list.close();

    // The customer's order shows the refund.
    const mine = await journey.open(buyer, `/order?id=${id}`);
    await orderDialog(mine.page, orderNo).getByText(`Refunded ${halfText}`).waitFor();
    expect(mine.errors).toEqual([]);
    await mine.close();
  });

  it('4. in Chinese: 银行卡 at checkout and 正在确认您的付款… on the order', async () => {
    const buyer = await kit.customer('Zhang Card');
    const { page, errors, close } = await journey.open(buyer, '/');
    await teaToCheckout(page, journey.shop.url, kit);
    await Promise.all([page.waitForEvent('load'), page.getByLabel('Language').first().selectOption('zh')]);
    journey.fake.hostedPay = { async: true };
    journey.webhooks.hold();
    await placeCardOrder(page, '银行卡');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/order\?id=\d+&checkout=success/);
    await page.getByText('正在确认您的付款…').waitFor();
    const orderId = Number(new URL(page.url()).searchParams.get('id'));
    await journey.webhooks.release();
    journey.fake.settleAsync(sessionOf(orderId).id, 'succeeded');
    await page.getByRole('dialog').getByText('已付款', { exact: true }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await close();
  });
});
