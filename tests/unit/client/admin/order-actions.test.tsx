import type { AdminOrderDetail } from '@common/contract/admin/orders';
import type { OrderAction } from '@common/order-workflow';
import type { StaffRole } from '@common/staff-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderActions, useOrderMainAction } from '../../../../src/client/features/admin-orders/components/OrderActions';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { staffMe } from './staff-session';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();

const ALL: OrderAction[] = [
  'confirm_payment',
  'reject_receipt',
  'processing',
  'tracking',
  'complete',
  'cancel',
  'refund',
  'clear_attention',
];
const LABELS: Record<OrderAction, string> = {
  confirm_payment: 'Confirm payment',
  reject_receipt: 'Reject receipt',
  processing: 'Mark as processing',
  tracking: 'Save tracking',
  complete: 'Mark as completed',
  cancel: 'Cancel order',
  refund: 'Record refund',
  clear_attention: 'Mark as handled',
};

type Detail = Pick<
  AdminOrderDetail,
  'order_no' | 'status' | 'actions' | 'refund_owed_cents' | 'refundable_cents' | 'tracking' | 'payment'
>;
const detail = (overrides: Partial<Detail> = {}): Detail => ({
  order_no: 'LC-20261124-ABC123',
  status: 'Pending',
  actions: [],
  refund_owed_cents: 0,
  refundable_cents: 0,
  tracking: { company: null, number: null, link: null },
  payment: {
    method: 'bank_transfer',
    reference: 'REF-1',
    receipt_url: null,
    receipt_waiting: true,
    receipt_rejected_reason: null,
    receipt_rejected_at: null,
    provider_payments: [],
  },
  ...overrides,
});

const me = (role: StaffRole) => ({ data: staffMe(role) });

/** The main action as the order page passes it to AdminPage, shown as a button here. */
function WithMainAction({ order }: { order: Detail }) {
  const main = useOrderMainAction(order as AdminOrderDetail);
  return (
    <>
      <p data-testid="main">{main?.label ?? 'none'}</p>
      <OrderActions order={order as AdminOrderDetail} />
    </>
  );
}

const show = (order: Detail) =>
  renderRoutes([{ path: '/admin/orders/x', Component: () => <WithMainAction order={order} /> }], '/admin/orders/x');

const done = (status: string, message: string) => () => ({
  message,
  data: { order_no: 'LC-20261124-ABC123', status, changed: true, refund_owed_cents: 0, refundable_cents: 0 },
});

describe('back office: order actions', () => {
  it('shows exactly the buttons the order’s actions allow', async () => {
    mockApi({ '/admin/me': () => me('owner') });
    for (const allowed of [[], ['confirm_payment', 'reject_receipt', 'cancel'], ['refund'], ALL] as OrderAction[][]) {
      const view = show(detail({ actions: allowed }));
      await view.settled();
      for (const action of ALL) {
        const button = screen.queryByRole('button', { name: LABELS[action] });
        if (allowed.includes(action)) expect(button, action).toBeInTheDocument();
        else expect(button, action).not.toBeInTheDocument();
      }
      view.unmount();
    }
  });

  it('confirms a payment: sends the order number, toasts the server’s message, refreshes the order', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => me('manager'),
      '/admin/orders/confirm-payment': done('Paid', 'Order LC-20261124-ABC123 is now Paid'),
    });
    const view = show(detail({ actions: ['confirm_payment', 'reject_receipt', 'cancel'] }));
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    await user.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Order LC-20261124-ABC123 is now Paid'));
    const [call] = callsTo('/admin/orders/confirm-payment');
    expect(call!.body.get('order_no')).toBe('LC-20261124-ABC123');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'orders'] });
  });

  it('marks a flagged payment as handled with one press', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => me('owner'),
      '/admin/orders/clear-payment-attention': done(
        'Paid',
        'Order LC-20261124-ABC123: the payment is marked as handled',
      ),
    });
    show(detail({ status: 'Paid', actions: ['processing', 'clear_attention'] }));
    await user.click(await screen.findByRole('button', { name: 'Mark as handled' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Order LC-20261124-ABC123: the payment is marked as handled'),
    );
    expect(callsTo('/admin/orders/clear-payment-attention')[0]!.body.get('order_no')).toBe('LC-20261124-ABC123');
  });

  it('rejecting a receipt needs a reason, which is sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => me('owner'),
      '/admin/orders/reject-receipt': done('Pending', 'Receipt rejected'),
    });
    show(detail({ actions: ['confirm_payment', 'reject_receipt'] }));
    await user.click(await screen.findByRole('button', { name: 'Reject receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject receipt' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject receipt' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(await within(dialog).findByText('Give the reason the customer will see')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('/admin/orders/reject-receipt')).toHaveLength(0);

    await user.type(reason, '  The amount does not match  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject receipt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/admin/orders/reject-receipt')[0]!.body.get('reason')).toBe('The amount does not match');
    expect(notify.success).toHaveBeenCalledWith('Receipt rejected');
  });

  it('saves tracking with company, number and link, and shows the server’s refusal at its field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { callsTo } = mockApi({
      '/admin/me': () => me('fulfilment'),
      '/admin/orders/tracking': () =>
        refuse
          ? {
              status: 422,
              message: 'Give the tracking number',
              errors: [{ field: 'number', message: 'The server wants a tracking number' }],
            }
          : done('Processing', 'Tracking saved: the customer was told')(),
    });
    show(detail({ status: 'Processing', actions: ['tracking', 'complete'] }));
    await user.click(await screen.findByRole('button', { name: 'Save tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save tracking' });
    await user.type(within(dialog).getByLabelText('Shipping company'), 'LBC Express');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'LBC123');
    await user.type(within(dialog).getByLabelText('Tracking link'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    expect(await within(dialog).findByText('The tracking link must be an http(s) address')).toBeInTheDocument();
    expect(callsTo('/admin/orders/tracking')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Tracking link'));
    await user.type(within(dialog).getByLabelText('Tracking link'), 'https://track.example/LBC123');
    await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    expect(await within(dialog).findByText('The server wants a tracking number')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = callsTo('/admin/orders/tracking').at(-1)!.body;
    expect([sent.get('company'), sent.get('number'), sent.get('link')]).toEqual([
      'LBC Express',
      'LBC123',
      'https://track.example/LBC123',
    ]);
  });

  it('cancelling asks first and says what comes back', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => me('manager'),
      '/admin/orders/cancel': done('Cancelled', 'Order LC-20261124-ABC123 is now Cancelled'),
    });
    show(detail({ status: 'Paid', actions: ['processing', 'tracking', 'cancel'] }));
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order LC-20261124-ABC123?' });
    expect(dialog).toHaveTextContent('stock, coupon use and cash reward come back');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(callsTo('/admin/orders/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(callsTo('/admin/orders/cancel')).toHaveLength(1));
  });

  it('records a refund: shows what is owed, parses dollars to cents, refuses more than is owed', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => me('owner'),
      '/admin/orders/refund': done('Cancelled', 'Refund of $12.50 recorded; $32.00 left to refund'),
    });
    show(detail({ status: 'Cancelled', actions: ['refund'], refund_owed_cents: 4450, refundable_cents: 4450 }));
    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record refund' });
    expect(dialog).toHaveTextContent('Still owed to the customer: $44.50');
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue('44.50');

    await user.clear(amount);
    await user.type(amount, '1,25');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, like 12.50')).toBeInTheDocument();
    expect(await within(dialog).findByText('Give the refund’s reference')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '44.51');
    await user.type(within(dialog).getByLabelText('Reference'), 'TX-9');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('At most $44.50 can be refunded')).toBeInTheDocument();
    expect(callsTo('/admin/orders/refund')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '$12.50');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'Cash');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(callsTo('/admin/orders/refund')).toHaveLength(1));
    const sent = callsTo('/admin/orders/refund')[0]!.body;
    expect([sent.get('amount_cents'), sent.get('method'), sent.get('reference')]).toEqual(['1250', 'cash', 'TX-9']);
    expect(notify.success).toHaveBeenCalledWith('Refund of $12.50 recorded; $32.00 left to refund');
  });

  it('the main action is the next obvious step, only when the role allows it', async () => {
    mockApi({ '/admin/me': () => me('manager') });
    const cases: Array<[Detail, string]> = [
      [detail({ actions: ['confirm_payment', 'reject_receipt', 'cancel'] }), 'Confirm payment'],
      [
        detail({
          actions: ['confirm_payment', 'cancel'],
          payment: { ...detail().payment, receipt_waiting: false },
        }),
        'none',
      ],
      [detail({ status: 'Paid', actions: ['processing', 'tracking', 'cancel'] }), 'Mark as processing'],
      [detail({ status: 'Processing', actions: ['tracking', 'complete'] }), 'Mark as completed'],
      [detail({ status: 'Completed', actions: ['tracking'] }), 'none'],
      // The order's actions come from the server for the caller's role: no action, no main button.
      [detail({ status: 'Paid', actions: ['tracking'] }), 'none'],
    ];
    for (const [order, label] of cases) {
      const view = show(order);
      await view.settled();
      expect(screen.getByTestId('main')).toHaveTextContent(label);
      view.unmount();
    }
    // A fulfilment member never gets a money action, even if a stale page lists one.
    mockApi({ '/admin/me': () => me('fulfilment') });
    const view = show(detail({ actions: ['confirm_payment', 'cancel'] }));
    await view.settled();
    await waitFor(() => expect(screen.getByTestId('main')).toHaveTextContent('none'));
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).not.toBeInTheDocument();
  });
});
