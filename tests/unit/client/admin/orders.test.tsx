import type { AdminOrderRow } from '@common/contract/admin/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The back office shell's strings, as AdminApp loads them.
import '../../../../src/client/app/admin/locales';
import OrderPage from '../../../../src/client/features/admin-orders/pages/OrderPage';
import OrdersPage from '../../../../src/client/features/admin-orders/pages/OrdersPage';
import PackingSlipPage from '../../../../src/client/features/admin-orders/pages/PackingSlipPage';
import { allowSlowScreens, logIn, makeUser, mockApi, renderRoutes } from '../toolkit';
import { installFakeSdk, removeSdk } from '../toolkit/telegram';
import { orderDetail as detail } from './order-fixtures';
import { asStaff, logOutAfterEach, renderAdmin, STAFF_ONLY } from './staff-session';

allowSlowScreens();

const routes = [
  { path: '/admin/orders', Component: OrdersPage },
  { path: '/admin/orders/:orderNo', Component: OrderPage },
  { path: '/admin/orders/:orderNo/slip', Component: PackingSlipPage },
];

const row = (id: number, over: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id,
  order_no: `LC-20261124-AAAA${String(id).padStart(2, '0')}`,
  status: 'Pending',
  placed_at: '2026-11-24T03:00:00.000Z',
  customer: { id: 40 + id, nickname: `Buyer ${id}`, email: `b${id}@example.com` },
  phone: '+639170000000',
  total_cents: 1000 + id,
  payment_method: 'bank_transfer',
  receipt_waiting: false,
  refund_owed_cents: 0,
  tracking_number: null,
  ...over,
});

logOutAfterEach();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('back office: Orders list', () => {
  it('lists orders with their badges, filters and searches through the API, keeps filters in the URL, loads more', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/orders/list': (body) =>
        body.get('cursor')
          ? { data: { orders: [row(1)], next_cursor: null } }
          : {
              data: {
                orders: [row(3, { receipt_waiting: true }), row(2, { status: 'Cancelled', refund_owed_cents: 500 })],
                next_cursor: 'CUR2',
              },
            },
    });
    renderRoutes(routes, '/admin/orders?status=Pending');
    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('LC-20261124-AAAA03');
    expect(first).toHaveTextContent('Buyer 3');
    expect(first).toHaveTextContent('$10.03');
    expect(first).toHaveTextContent('Bank transfer');
    expect(first).toHaveTextContent('Receipt to check');
    expect(second).toHaveTextContent('Cancelled');
    expect(second).toHaveTextContent('Refund owed');
    expect(within(first!).getByRole('link', { name: 'LC-20261124-AAAA03' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261124-AAAA03',
    );
    // The URL's filter reached the server.
    expect(callsTo('/admin/orders/list')[0]!.body.get('status')).toBe('Pending');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getByText('Buyer 1')).toBeInTheDocument());
    expect(callsTo('/admin/orders/list').at(-1)!.body.get('cursor')).toBe('CUR2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), 'payment_link');
    await waitFor(() => expect(callsTo('/admin/orders/list').at(-1)!.body.get('payment_method')).toBe('payment_link'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(callsTo('/admin/orders/list').at(-1)!.body.get('to')).toBe('2026-11-30'));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'mei@example.com');
    await waitFor(() => expect(callsTo('/admin/orders/list').at(-1)!.body.get('q')).toBe('mei@example.com'));
    const last = callsTo('/admin/orders/list').at(-1)!.body;
    expect(Object.fromEntries(['status', 'payment_method', 'from', 'to', 'q'].map((k) => [k, last.get(k)]))).toEqual({
      status: 'Pending',
      payment_method: 'payment_link',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'mei@example.com',
    });
    // Typing asks once the typing pauses, not per key.
    expect(callsTo('/admin/orders/list').filter((c) => c.body.get('q'))).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/orders?status=Pending&payment_method=payment_link&from=2026-11-01&to=2026-11-30&q=mei%40example.com',
    );
  });

  it('exports the filtered list as CSV with the session’s token, saved as orders-YYYY-MM-DD.csv', async () => {
    const user = userEvent.setup();
    logIn(makeUser(), 'tok-staff');
    const { callsTo } = mockApi({
      '/admin/orders/list': () => ({ data: { orders: [row(1)], next_cursor: null } }),
      '/admin/orders/export': () => ({ bare: { csv: true } }),
    });
    const created = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderRoutes(routes, '/admin/orders?status=Paid&q=LC-2026');
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const call = callsTo('/admin/orders/export')[0]!;
    expect(call.authorization).toBe('Bearer tok-staff');
    expect(call.body.get('status')).toBe('Paid');
    expect(call.body.get('q')).toBe('LC-2026');
    expect(await screen.findByText('Orders exported')).toBeInTheDocument();
  });

  it('tells a customer (403) that the orders screen is for the staff', async () => {
    asStaff('customer', { '/admin/orders/list': () => STAFF_ONLY });
    renderAdmin('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'This page is for the shop’s staff.' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when a list call is refused', async () => {
    mockApi({ '/admin/orders/list': () => STAFF_ONLY });
    renderRoutes(routes, '/admin/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for the shop’s staff');
  });
});

describe('back office: an order', () => {
  it('shows every section: items, customer, delivery, payment with a zoomable receipt, totals, tracking, refunds, timeline', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({ '/admin/orders/get': () => ({ data: { order: detail() } }) });
    renderRoutes(routes, '/admin/orders/LC-20261124-ABCDEF');
    expect(await screen.findByRole('heading', { name: 'Order LC-20261124-ABCDEF', level: 1 })).toBeInTheDocument();
    expect(callsTo('/admin/orders/get')[0]!.body.get('order_no')).toBe('LC-20261124-ABCDEF');

    const items = await screen.findByRole('region', { name: 'Items' });
    const lines = within(items).getAllByRole('row');
    expect(lines[1]).toHaveTextContent('Jasmine Pearls');
    expect(lines[1]).toHaveTextContent('100 g tin');
    expect(lines[1]).toHaveTextContent('Every 4 weeks');
    expect(lines[1]).toHaveTextContent('$23.80');
    expect(lines[1]).toHaveTextContent('$47.60');
    expect(lines[2]).toHaveTextContent('One-time');

    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('mei@example.com');
    expect(customer).toHaveTextContent('Linked');
    expect(within(customer).getByRole('link', { name: 'Customer page' })).toHaveAttribute('href', '/admin/customers/9');

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Maria Santos');
    expect(delivery).toHaveTextContent('Makati, Metro Manila 1200');
    // The country by its name in the page's language, not its code (docs/decisions/055).
    expect(within(delivery).getByText('Philippines')).toBeInTheDocument();
    expect(within(delivery).queryByText('PH')).toBeNull();
    expect(delivery).toHaveTextContent('+63 917 555 0101');
    expect(delivery).toHaveTextContent('Expedited (2-3 days)');

    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Bank transfer');
    expect(payment).toHaveTextContent('BANK-777');
    const thumb = within(payment).getByRole('img', { name: 'Receipt image of order LC-20261124-ABCDEF' });
    expect(thumb).toHaveAttribute('src', '/v1/receipt/5?u=9&exp=1&sig=abc');
    await user.click(within(payment).getByRole('button', { name: 'Open the receipt full size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt image of order LC-20261124-ABCDEF' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/v1/receipt/5?u=9&exp=1&sig=abc');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('$62.60');
    expect(totals).toHaveTextContent('Coupon TEA10');
    expect(totals).toHaveTextContent('−$6.26');
    expect(totals).toHaveTextContent('Cash reward');
    expect(totals).toHaveTextContent('$59.84');

    expect(screen.getByRole('region', { name: 'Tracking' })).toHaveTextContent('No tracking yet.');
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent('No refunds recorded.');
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const events = within(timeline).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('Placed · customer (from the order’s times)');
    expect(events[1]).toHaveTextContent('Receipt sent · customer');
    // Details are labelled and in dollars; file paths and row ids stay on the server's side.
    expect(events[1]).toHaveTextContent('Reference: BANK-777');
    expect(events[1]).not.toHaveTextContent('receipts/abc.png');
    expect(events[2]).toHaveTextContent('Amount: $14.50 · Method: cash · Reference: R-1 · Still owed: $0.00');

    expect(screen.getByText('Receipt to check')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Packing slip' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261124-ABCDEF/slip',
    );
  });

  it('shows a cancelled paid order’s refunds, what is still owed, a rejected receipt, tracking and a Telegram payment', async () => {
    mockApi({
      '/admin/orders/get': () => ({
        data: {
          order: detail({
            status: 'Cancelled',
            refund_owed_cents: 2000,
            refundable_cents: 2000,
            refunds: [
              {
                id: 1,
                amount_cents: 450,
                method: 'cash',
                reference: 'R-1',
                recorded_by: 'owner@example.com',
                at: '2026-11-25T00:00:00.000Z',
              },
            ],
            tracking: { company: 'LBC', number: 'TRK-1', link: 'https://track.example/TRK-1' },
            payment: {
              ...detail().payment,
              receipt_url: null,
              receipt_waiting: false,
              receipt_rejected_reason: 'Amount does not match',
              receipt_rejected_at: '2026-11-24T05:00:00.000Z',
              provider_payments: [
                { provider: 'telegram', charge_id: 'ch_1', amount_cents: 2450, at: '2026-11-24T04:00:00.000Z' },
              ],
            },
            actions: ['refund'],
          }),
        },
      }),
    });
    renderRoutes(routes, '/admin/orders/LC-20261124-ABCDEF');
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Refund owed: $20.00');
    expect(refunds).toHaveTextContent('$4.50 by Cash, reference R-1');
    expect(refunds).toHaveTextContent('recorded by owner@example.com');
    expect(screen.getByText('Refund owed')).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Amount does not match');
    expect(payment).toHaveTextContent('No receipt sent.');
    expect(payment).toHaveTextContent('ch_1');
    const tracking = screen.getByRole('region', { name: 'Tracking' });
    const trackingLink = within(tracking).getByRole('link', { name: 'https://track.example/TRK-1' });
    expect(trackingLink).toHaveAttribute('target', '_blank');
    expect(tracking).toHaveTextContent('LBC');
    // Inside Telegram the carrier's page opens through Telegram (openLink), not as a tab of the web view.
    const sdk = installFakeSdk();
    try {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      trackingLink.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      expect(sdk.openLink).toHaveBeenCalledWith('https://track.example/TRK-1');
    } finally {
      removeSdk();
    }
  });

  it('says so when the order does not exist', async () => {
    mockApi({ '/admin/orders/get': () => ({ status: 404, message: 'This order does not exist' }) });
    renderRoutes(routes, '/admin/orders/LC-20990101-NOPE22');
    expect(await screen.findByRole('alert')).toHaveTextContent('This order does not exist');
  });

  it('prints a packing slip: order number, address and phone, items with packaging, quantity and frequency, no prices', async () => {
    const user = userEvent.setup();
    mockApi({ '/admin/orders/get': () => ({ data: { order: detail() } }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(routes, '/admin/orders/LC-20261124-ABCDEF/slip');
    expect(
      await screen.findByRole('heading', { name: 'Packing slip LC-20261124-ABCDEF', level: 1 }),
    ).toBeInTheDocument();
    const shipTo = screen.getByRole('region', { name: 'Ship to' });
    expect(shipTo).toHaveTextContent('Maria Santos');
    expect(shipTo).toHaveTextContent('1 Rizal St');
    expect(shipTo).toHaveTextContent('Phone: +63 917 555 0101');
    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jasmine Pearls100 g tin2Every 4 weeks');
    expect(rows[2]).toHaveTextContent('Da Hong Pao50 g1One-time');
    expect(document.body).not.toHaveTextContent('$');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261124-ABCDEF',
    );
  });
});
