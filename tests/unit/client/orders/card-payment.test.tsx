import type { OrderDetails, OrderSummary } from '@common/contract/orders';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import UnguardedOrdersPage from '../../../../src/client/features/orders/pages/OrdersPage';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import {
  allowSlowScreens,
  cardMethod,
  type Handler,
  logIn,
  mockApi,
  orderDetails,
  renderRoutes,
  resetStores,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/client/lib/leave-for', () => ({ leaveFor }));

allowSlowScreens();

const OrdersPage = guarded('order', UnguardedOrdersPage);
const HOSTED = 'https://checkout.stripe.test/c/pay/cs_test_2';

const cardOrder = (state: NonNullable<OrderDetails['card_payment']>['state'], overrides: Partial<OrderDetails> = {}) =>
  orderDetails({
    payment_method: 'card',
    payment_reference: null,
    receipt_url: null,
    card_payment: { state, checkout_url: null },
    ...overrides,
  });

/** Back from the provider's page with a session to ask about. */
const RETURNED = '/order?id=42&checkout=success&session_id=cs_test_1';

/** The order's reads: `first` on the first, then Paid (the provider's notice has arrived). */
const paidOnSecondRead = (first: NonNullable<OrderDetails['card_payment']>['state']): Handler => {
  let reads = 0;
  return () => {
    reads += 1;
    return {
      data: {
        order: reads < 2 ? cardOrder(first) : cardOrder('none', { status: 'Paid', paid_at: '2026-11-24T00:00:00Z' }),
      },
    };
  };
};

function show(url: string, details: Handler, extra: { pay?: Handler; list?: Handler } = {}) {
  const api = mockApi({
    '/v1/get-orders': extra.list ?? (() => ({ data: { orders: [], next_cursor: null } })),
    '/v1/get-order-details': details,
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [cardMethod] } }),
    ...(extra.pay ? { '/v2/pay-order-by-card': extra.pay } : {}),
  });
  renderRoutes([{ path: '/order', Component: OrdersPage }], url);
  return { ...api, dialog: () => screen.findByRole('dialog', { name: /LC-20261122-0042/ }) };
}

beforeEach(() => {
  resetStores();
  leaveFor.mockReset();
  logIn();
});
afterEach(async () => {
  resetStores();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('Order page: a card payment (docs/decisions/040)', () => {
  it('back from the provider: asks about the session, says it is confirming, and polls until Paid', async () => {
    const { callsTo, dialog } = show(RETURNED, paidOnSecondRead('confirming'));
    const body = await dialog();
    expect(await within(body).findByRole('status')).toHaveTextContent('Confirming your payment…');
    // The return URL alone is never Paid.
    expect(within(body).queryByText('Paid')).not.toBeInTheDocument();
    expect(within(body).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
    expect(callsTo('/v1/get-order-details')[0]?.body.get('checkout_session')).toBe('cs_test_1');

    await waitFor(() => expect(within(body).getByText('Paid')).toBeInTheDocument(), { timeout: 8000 });
    expect(within(body).queryByText('Confirming your payment…')).not.toBeInTheDocument();
    const settledReads = callsTo('/v1/get-order-details').length;
    expect(settledReads).toBe(2);
    // No longer confirming: the polling stops.
    await new Promise((r) => setTimeout(r, 3500));
    expect(callsTo('/v1/get-order-details')).toHaveLength(settledReads);
  });

  it('back from paying while the provider did not answer the read: confirming, polling, then Paid', async () => {
    // The server could not ask the provider: the order is simply awaiting payment as far as it knows.
    const { callsTo, dialog } = show(RETURNED, paidOnSecondRead('awaiting_payment'));
    const body = await dialog();
    expect(await within(body).findByRole('status')).toHaveTextContent('Confirming your payment…');
    expect(within(body).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(body).getByText('Paid')).toBeInTheDocument(), { timeout: 8000 });
    expect(callsTo('/v1/get-order-details')).toHaveLength(2);
  });

  it('an order opened without a return from paying offers Pay now, not confirming', async () => {
    const { dialog } = show('/order?id=42', () => ({ data: { order: cardOrder('awaiting_payment') } }));
    const body = await dialog();
    expect(await within(body).findByRole('button', { name: /Pay now/ })).toBeInTheDocument();
    expect(within(body).queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it('once the order turns Paid, the order history behind it says Paid too (read again)', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const listed = (status: OrderSummary['status']): OrderSummary => ({
      id: 42,
      order_no: 'LC-20261122-0042',
      status,
      placed_at: '2026-11-22T00:00:00Z',
      can_change_until: '2026-11-22T00:15:00Z',
      can_change: false,
      total_cents: 2960,
      item_count: 1,
      items: [{ name: 'Genmaicha', image: '/images/genmaicha.webp', quantity: 1 }],
      has_tracking: false,
      can_review: false,
    });
    const { callsTo, dialog } = show(
      RETURNED,
      () => {
        reads += 1;
        const paid = cardOrder('none', { status: 'Paid', paid_at: '2026-11-24T00:00:00Z' });
        return { data: { order: reads < 2 ? cardOrder('confirming') : paid } };
      },
      // The history as the server has it: Pending until the payment is recorded.
      { list: () => ({ data: { orders: [listed(reads < 2 ? 'Pending' : 'Paid')], next_cursor: null } }) },
    );
    const body = await dialog();
    await waitFor(() => expect(within(body).getByText('Paid')).toBeInTheDocument(), { timeout: 8000 });
    await waitFor(() => expect(callsTo('/v1/get-orders')).toHaveLength(2));
    await user.click(within(body).getByRole('button', { name: 'Close' }));
    const history = await screen.findByRole('list', { name: 'Order History' });
    expect(within(history).getByText('Paid')).toBeInTheDocument();
    expect(within(history).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('says it in Chinese too', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    const { dialog } = show(RETURNED, () => ({
      data: { order: cardOrder('confirming') },
    }));
    expect(await within(await dialog()).findByText('正在确认您的付款…')).toBeInTheDocument();
  });

  it('back after cancelling: Pay now asks for a hosted page and sends the browser there', async () => {
    const user = userEvent.setup();
    const { callsTo, dialog } = show(
      '/order?id=42&checkout=cancel',
      () => ({ data: { order: cardOrder('awaiting_payment') } }),
      { pay: () => ({ data: { checkout_url: HOSTED, order_no: 'LC-20261122-0042', total_cents: 2960 } }) },
    );
    const body = await dialog();
    expect(await within(body).findByText('The card payment was not completed. You can pay now.')).toBeInTheDocument();
    expect(callsTo('/v1/get-order-details')[0]?.body.get('checkout_session')).toBeNull();
    await user.click(within(body).getByRole('button', { name: 'Pay now · $29.60' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(HOSTED));
    expect(callsTo('/v2/pay-order-by-card')[0]?.body.get('order_id')).toBe('42');
  });

  it('a failed payment: the reason, and Pay now (立即付款 in Chinese)', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    const { dialog } = show('/order?id=42', () => ({ data: { order: cardOrder('failed') } }));
    const body = await dialog();
    expect(await within(body).findByRole('alert')).toHaveTextContent('付款未成功。');
    expect(within(body).getByRole('button', { name: /^立即付款/ })).toBeEnabled();
  });

  it('a refused Pay now (being confirmed meanwhile) is told and the order read again', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const { callsTo, dialog } = show(
      '/order?id=42',
      () => {
        reads += 1;
        return { data: { order: cardOrder(reads < 2 ? 'awaiting_payment' : 'confirming') } };
      },
      { pay: () => ({ status: 409, message: 'This order is not waiting for a payment' }) },
    );
    const body = await dialog();
    await user.click(await within(body).findByRole('button', { name: /Pay now/ }));
    expect(await screen.findByText('This order is not waiting for a payment')).toBeInTheDocument();
    expect(await within(body).findByText('Confirming your payment…')).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
    expect(callsTo('/v1/get-order-details').length).toBeGreaterThanOrEqual(2);
  });
});
