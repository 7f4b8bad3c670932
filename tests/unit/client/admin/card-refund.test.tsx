import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderActions } from '../../../../src/client/features/admin-orders/components/OrderActions';
import { zh } from '../../../../src/client/features/admin-orders/components/order-actions-locales';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { staffMe } from './staff-session';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();

// Refund to card (docs/decisions/040): a card-paid order's refund goes to the card, with an amount and a reason.

const order = (method: string, status = 'Cancelled') =>
  ({
    order_no: 'LC-20261207-CARD01',
    status,
    actions: ['refund'],
    refund_owed_cents: status === 'Cancelled' ? 4450 : 0,
    refundable_cents: 4450,
    tracking: { company: null, number: null, link: null },
    payment: { method },
  }) as unknown as AdminOrderDetail;

const show = (o: AdminOrderDetail) =>
  renderRoutes([{ path: '/admin/orders/x', Component: () => <OrderActions order={o} /> }], '/admin/orders/x');

describe('back office: refund to card', () => {
  it('names the refund by the order’s kind: to the card when paid by card, recorded otherwise', async () => {
    mockApi({ '/admin/me': () => ({ data: staffMe('owner') }) });
    const card = show(order('card'));
    expect(await screen.findByRole('button', { name: 'Refund to card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record refund' })).toBeNull();
    card.unmount();
    show(order('bank_transfer'));
    expect(await screen.findByRole('button', { name: 'Record refund' })).toBeInTheDocument();
    expect(zh.refund_card).toBe('退款到银行卡');
  });

  it('sends the refundable rest by default, wants a reason, refuses more than is owed', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => ({ data: staffMe('owner') }),
      '/admin/orders/refund-to-card': () => ({
        message: 'Refund of $44.50 sent to the card (succeeded); $0.00 left to refund',
        data: {
          order_no: 'LC-20261207-CARD01',
          status: 'Cancelled',
          changed: true,
          refund_owed_cents: 0,
          refund: { id: 7, provider_status: 'succeeded' },
        },
      }),
    });
    show(order('card'));
    await user.click(await screen.findByRole('button', { name: 'Refund to card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund to card' });
    expect(dialog).toHaveTextContent('Still owed to the customer: $44.50');
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue('44.50');

    await user.click(within(dialog).getByRole('button', { name: 'Refund to card' }));
    expect(await within(dialog).findByText('Give the reason for the refund')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '44.51');
    await user.type(within(dialog).getByLabelText('Reason'), 'Tin arrived dented');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to card' }));
    expect(await within(dialog).findByText('At most $44.50 can be refunded')).toBeInTheDocument();
    expect(callsTo('/admin/orders/refund-to-card')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '44.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to card' }));
    await waitFor(() => expect(callsTo('/admin/orders/refund-to-card')).toHaveLength(1));
    const sent = callsTo('/admin/orders/refund-to-card')[0]!.body;
    expect([sent.get('amount_cents'), sent.get('reason')]).toEqual(['4450', 'Tin arrived dented']);
    expect(callsTo('/admin/orders/refund')).toHaveLength(0);
    expect(notify.success).toHaveBeenCalledWith('Refund of $44.50 sent to the card (succeeded); $0.00 left to refund');
  });

  it('refunds part of a Completed card order: no amount given by default, at most what is refundable', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/me': () => ({ data: staffMe('owner') }),
      '/admin/orders/refund-to-card': () => ({
        message: 'Refund of $12.00 sent to the card (succeeded); $32.50 left to refund',
        data: {
          order_no: 'LC-20261207-CARD01',
          status: 'Completed',
          changed: true,
          refund_owed_cents: 0,
          refundable_cents: 3250,
          refund: { id: 8, provider_status: 'succeeded' },
        },
      }),
    });
    show(order('card', 'Completed'));
    await user.click(await screen.findByRole('button', { name: 'Refund to card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund to card' });
    expect(dialog).toHaveTextContent('Paid and not yet refunded: $44.50');
    const amount = within(dialog).getByLabelText('Amount ($)');
    expect(amount).toHaveValue('');
    await user.type(amount, '12');
    await user.type(within(dialog).getByLabelText('Reason'), 'One tin missing');
    await user.click(within(dialog).getByRole('button', { name: 'Refund to card' }));
    await waitFor(() => expect(callsTo('/admin/orders/refund-to-card')).toHaveLength(1));
    const sent = callsTo('/admin/orders/refund-to-card')[0]!.body;
    expect([sent.get('amount_cents'), sent.get('reason')]).toEqual(['1200', 'One tin missing']);
  });
});
