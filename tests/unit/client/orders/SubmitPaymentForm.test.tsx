import type { OrderDetails } from '@common/contract/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UnguardedOrdersPage from '../../../../src/client/features/orders/pages/OrdersPage';
import {
  allowSlowScreens,
  bankTransfer,
  type Handler,
  logIn,
  mockApi,
  orderDetails,
  renderRoutes,
  resetStores,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

// The page as the router serves it: behind RequireUser (app/guards).
const OrdersPage = guarded('order', UnguardedOrdersPage);

const renderOrder = () => renderRoutes([{ path: '/order', Component: OrdersPage }], '/order?id=42');

beforeEach(() => resetStores());
afterEach(() => resetStores());

function handlers(order: () => OrderDetails, submit?: Handler) {
  return {
    '/v1/get-orders': () => ({ data: { orders: [], next_cursor: null } }),
    '/v1/get-order-details': () => ({ data: { order: order() } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer] } }),
    ...(submit ? { '/v2/submit-payment': submit } : {}),
  };
}

describe('Submit payment on the order screen', () => {
  it('a Pending bank transfer without a reference (a renewal) takes the reference and the receipt', async () => {
    logIn();
    let order = orderDetails({ payment_reference: null, receipt_url: null, can_change: false });
    const api = mockApi(
      handlers(
        () => order,
        () => {
          order = { ...order, payment_reference: 'BDO-7788', receipt_url: '/v1/receipt/42?sig=1' };
          return { data: { order } };
        },
      ),
    );
    const user = userEvent.setup();
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    const form = await within(dialog).findByRole('form', { name: 'Submit payment' });
    expect(form).toHaveTextContent('Transfer $29.60 to the bank account above');

    // Both are required: the shop's messages at the fields, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Submit payment' }));
    expect(await within(form).findByText('Please enter the payment reference')).toBeInTheDocument();
    expect(within(form).getByText('Please upload the payment receipt')).toBeInTheDocument();
    expect(within(form).getByLabelText('Payment reference')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('/v2/submit-payment')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Payment reference'), 'BDO-7788');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Receipt image'), file);
    await user.click(within(form).getByRole('button', { name: 'Submit payment' }));

    expect(await screen.findByText('Payment submitted; we will confirm it shortly')).toBeInTheDocument();
    const [call] = api.callsTo('/v2/submit-payment');
    expect(call!.multipart).toBe(true);
    expect(call!.body.get('order_id')).toBe('42');
    expect(call!.body.get('payment_reference')).toBe('BDO-7788');
    expect(call!.files.receipt?.name).toBe('receipt.png');
    // Paid details shown; the form is gone.
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: 'Submit payment' })).not.toBeInTheDocument());
    expect(within(dialog).getByText('BDO-7788')).toBeInTheDocument();
  });

  it('shows the server’s refusal at the field', async () => {
    logIn();
    const order = orderDetails({ payment_reference: null, receipt_url: null, can_change: false });
    mockApi(
      handlers(
        () => order,
        () => ({
          status: 422,
          message: 'The receipt must be a PNG, JPEG or WebP image',
          errors: [{ field: 'receipt', message: 'The receipt must be a PNG, JPEG or WebP image' }],
        }),
      ),
    );
    const user = userEvent.setup();
    renderOrder();
    const form = await screen.findByRole('form', { name: 'Submit payment' });
    await user.type(within(form).getByLabelText('Payment reference'), 'R-1');
    await user.upload(
      within(form).getByLabelText('Receipt image'),
      new File(['not really'], 'fake.png', { type: 'image/png' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Submit payment' }));
    const error = await within(form).findByRole('alert');
    expect(error).toHaveTextContent('The receipt must be a PNG, JPEG or WebP image');
    expect(within(form).getByLabelText('Receipt image').getAttribute('aria-describedby')).toContain(error.id);
  });

  it('is not offered once the reference is given, nor for a payment link or a paid order', async () => {
    logIn();
    for (const order of [
      orderDetails(),
      orderDetails({ payment_reference: null, receipt_url: null, payment_method: 'payment_link' }),
      orderDetails({ payment_reference: null, receipt_url: null, status: 'Paid' }),
    ]) {
      mockApi(handlers(() => order));
      const view = renderOrder();
      const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
      await within(dialog).findByText('Earl Grey Cream');
      expect(within(dialog).queryByRole('form', { name: 'Submit payment' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
