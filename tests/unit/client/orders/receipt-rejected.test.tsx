import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UnguardedOrdersPage from '../../../../src/client/features/orders/pages/OrdersPage';
import { allowSlowScreens, bankTransfer, logIn, mockApi, orderDetails, renderRoutes, resetStores } from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

const OrdersPage = guarded('order', UnguardedOrdersPage);

/** What the back office's actions show the customer (docs/decisions/013): a rejected receipt, a refund owed or made. */
function show(order: ReturnType<typeof orderDetails>) {
  mockApi({
    '/v1/get-orders': () => ({ data: { orders: [], next_cursor: null } }),
    '/v1/get-order-details': () => ({ data: { order } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer] } }),
  });
  renderRoutes([{ path: '/order', Component: OrdersPage }], `/order?id=${order.id}`);
  return screen.findByRole('dialog', { name: `Order ${order.order_no}` });
}

beforeEach(() => {
  resetStores();
  logIn();
});
afterEach(() => resetStores());

describe('Back-office decisions on the customer’s order', () => {
  it('a rejected receipt: the reason, and the form to upload a new one', async () => {
    const dialog = await show(
      orderDetails({
        payment_reference: null,
        receipt_url: null,
        receipt_rejected_reason: 'The amount does not match',
        receipt_rejected_at: '2026-11-24T01:00:00.000Z',
      }),
    );
    expect(
      await within(dialog).findByText(
        'Your receipt was not accepted: The amount does not match. Please upload a new receipt.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByLabelText('Payment reference')).toBeInTheDocument();
  });

  it('a cancelled paid order: what is refunded and what is still owed', async () => {
    const dialog = await show(
      orderDetails({
        status: 'Cancelled',
        refund_owed_cents: 2500,
        refunded_cents: 1950,
        paid_at: '2026-11-24T00:00:00Z',
      }),
    );
    expect(await within(dialog).findByText('Refunded $19.50 · Refund owed: $25.00')).toBeInTheDocument();
  });

  it('part of an order that goes on refunded (a missing item): the refund shows', async () => {
    const dialog = await show(
      orderDetails({
        status: 'Completed',
        refund_owed_cents: 0,
        refunded_cents: 1200,
        paid_at: '2026-11-24T00:00:00Z',
      }),
    );
    expect(await within(dialog).findByText('Refunded $12.00')).toBeInTheDocument();
  });
});
