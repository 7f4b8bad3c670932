import type { AdminOrderDetail } from '@common/contract/admin/orders';
import type { OrderAction } from '@common/order-workflow';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OrderActions } from '../../../../src/client/features/admin-orders/components/OrderActions';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { staffMe } from './staff-session';

// A one-press order action removes its own button: focus goes on to the next step's button, not lost on the page
// (docs/decisions/049).

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();

const order = (actions: OrderAction[]) =>
  ({
    order_no: 'LC-20261124-ABC123',
    status: actions.includes('confirm_payment') ? 'Pending' : 'Paid',
    actions,
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
  }) as unknown as AdminOrderDetail;

/** The order as the page reads it again after the action: `next()` moves it on. */
let next = () => {};
function Live() {
  const [actions, setActions] = useState<OrderAction[]>(['confirm_payment', 'reject_receipt', 'cancel']);
  useEffect(() => {
    next = () => setActions(['processing', 'cancel']);
  }, []);
  return (
    <>
      <button type="button">Elsewhere</button>
      <OrderActions order={order(actions)} />
    </>
  );
}

const confirmed = () => ({
  message: 'Order LC-20261124-ABC123 is now Paid',
  data: { order_no: 'LC-20261124-ABC123', status: 'Paid', changed: true, refund_owed_cents: 0, refundable_cents: 0 },
});

describe('back office: focus after a one-press order action', () => {
  it('Confirm payment pressed with the keyboard: focus on Mark as processing once the order has moved on', async () => {
    const user = userEvent.setup();
    mockApi({ '/admin/me': () => ({ data: staffMe('manager') }), '/admin/orders/confirm-payment': confirmed });
    renderRoutes([{ path: '/admin/orders/x', Component: Live }], '/admin/orders/x');
    const confirm = await screen.findByRole('button', { name: 'Confirm payment' });
    confirm.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    act(() => next());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as processing' })).toHaveFocus());
  });

  it('focus the user moved elsewhere meanwhile stays there', async () => {
    const user = userEvent.setup();
    mockApi({ '/admin/me': () => ({ data: staffMe('manager') }), '/admin/orders/confirm-payment': confirmed });
    renderRoutes([{ path: '/admin/orders/x', Component: Live }], '/admin/orders/x');
    const confirm = await screen.findByRole('button', { name: 'Confirm payment' });
    confirm.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() => next());
    await screen.findByRole('button', { name: 'Mark as processing' });
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
