import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderActions } from '../../../../src/client/features/admin-orders/components/OrderActions';
import { zh } from '../../../../src/client/features/admin-orders/components/order-actions-locales';
import { zh as ordersZh } from '../../../../src/client/features/admin-orders/locales';
import OrderPage from '../../../../src/client/features/admin-orders/pages/OrderPage';
import OrdersPage from '../../../../src/client/features/admin-orders/pages/OrdersPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { orderDetail } from './order-fixtures';
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

describe('back office: a card-paid order', () => {
  const cardOrder = orderDetail({
    status: 'Cancelled',
    refund_owed_cents: 820,
    payment: {
      ...orderDetail().payment,
      method: 'card',
      reference: null,
      receipt_url: null,
      receipt_waiting: false,
      provider_payments: [
        {
          provider: 'stripe',
          charge_id: 'pi_3Card',
          amount_cents: 1640,
          at: '2026-12-07T03:00:00.000Z',
          status: 'succeeded',
          currency: 'usd',
          card_brand: 'visa',
          card_last4: '4242',
          refunded_cents: 820,
        },
      ],
    },
    refunds: [
      {
        id: 1,
        amount_cents: 820,
        method: 'card',
        reference: 're_1Half',
        recorded_by: 'owner@example.com',
        at: '2026-12-07T04:00:00.000Z',
        provider_status: 'pending',
        failure_reason: null,
      },
    ],
    actions: ['refund'],
  });

  it('names the method Card and shows the card payment: amount, card, what went back, the payment id', async () => {
    mockApi({
      '/admin/me': () => ({ data: staffMe('owner') }),
      '/admin/orders/get': () => ({ data: { order: cardOrder } }),
    });
    renderRoutes([{ path: '/admin/orders/:orderNo', Component: OrderPage }], '/admin/orders/LC-20261124-ABCDEF');
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Card', { exact: true })).toBeInTheDocument();
    expect(payment).toHaveTextContent(/Card payment\$16\.40 · Visa •••• 4242 · /);
    expect(payment).toHaveTextContent('Refunded to the card$8.20');
    expect(payment).toHaveTextContent('Payment idpi_3Card');
    expect(payment).not.toHaveTextContent('Telegram');
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent(
      /\$8\.20 by Card, reference re_1Half \(recorded by owner@example\.com\) — pending/,
    );
    expect([ordersZh.method.card, ordersZh.cardPayment]).toEqual(['银行卡', '银行卡付款']);
  });

  it('lists a card order with its method named Card, and offers Card as a filter', async () => {
    mockApi({
      '/admin/me': () => ({ data: staffMe('owner') }),
      '/admin/orders/list': () => ({
        data: {
          orders: [
            {
              id: 1,
              order_no: 'LC-20261207-CARD01',
              status: 'Paid',
              placed_at: '2026-12-07T03:00:00.000Z',
              customer: { id: 4, nickname: 'Carla', email: 'c@example.com' },
              phone: '+639170000000',
              total_cents: 1640,
              payment_method: 'card',
              receipt_waiting: false,
              refund_owed_cents: 0,
              tracking_number: null,
            },
          ],
          next_cursor: null,
        },
      }),
    });
    renderRoutes([{ path: '/admin/orders', Component: OrdersPage }], '/admin/orders');
    const row = (await screen.findByText('LC-20261207-CARD01')).closest('tr')!;
    expect(within(row).getByText('Card', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Card' })).toBeInTheDocument();
  });
});
