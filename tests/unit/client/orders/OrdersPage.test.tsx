import type { OrderDetails } from '@common/contract/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UnguardedOrdersPage from '../../../../src/client/features/orders/pages/OrdersPage';
import {
  address,
  allowSlowScreens,
  bankTransfer,
  type Handlers,
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

const summaryOf = (o: OrderDetails, overrides: Record<string, unknown> = {}) => ({
  id: o.id,
  order_no: o.order_no,
  status: o.status,
  placed_at: o.placed_at,
  can_change_until: o.can_change_until,
  can_change: o.can_change,
  total_cents: o.total_cents,
  item_count: o.items.reduce((n, i) => n + i.quantity, 0),
  items: o.items.map((i) => ({ name: i.name, image: i.image, quantity: i.quantity })),
  has_tracking: Boolean(o.tracking.number),
  can_review: o.can_review,
  ...overrides,
});

function handlers(order: () => OrderDetails, overrides: Handlers = {}): Handlers {
  return {
    '/v1/get-orders': () => ({ data: { orders: [summaryOf(order())], next_cursor: null } }),
    '/v1/get-order-details': () => ({ data: { order: order() } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer] } }),
    ...overrides,
  };
}

const renderOrders = (url = '/order') => renderRoutes([{ path: '/order', Component: OrdersPage }], url);

beforeEach(() => {
  resetStores();
});
afterEach(() => {
  resetStores();
});

describe('Order history', () => {
  it('sends a guest to the login screen, coming back to /order', async () => {
    mockApi({});
    renderOrders();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Forder'));
  });

  it('lists the orders newest first with status badges and View, Track and Review actions', async () => {
    logIn();
    const pending = orderDetails({ id: 3, order_no: 'LC-3' });
    const completed = orderDetails({
      id: 2,
      order_no: 'LC-2',
      status: 'Completed',
      can_change: false,
      can_review: true,
      tracking: { company: 'LBC Express', number: 'LBC123', link: 'https://track.example/LBC123' },
    });
    const cancelled = orderDetails({ id: 1, order_no: 'LC-1', status: 'Cancelled', can_change: false });
    mockApi({
      '/v1/get-orders': () => ({
        data: { orders: [summaryOf(pending), summaryOf(completed), summaryOf(cancelled)], next_cursor: null },
      }),
    });
    renderOrders();
    const list = await screen.findByRole('list', { name: 'Order History' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.querySelector('.ord-card__no')?.textContent)).toEqual([
      'Order ID LC-3',
      'Order ID LC-2',
      'Order ID LC-1',
    ]);
    expect(cards[0]).toHaveTextContent('Pending');
    expect(cards[1]).toHaveTextContent('Completed');
    expect(cards[2]).toHaveTextContent('Cancelled');
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'View order LC-3' })).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).queryByRole('button', { name: /Track/ })).not.toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Track order LC-2' })).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Review order LC-2' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('$29.60');
  });

  it('opens an order from ?id= with its items, totals, payment, receipt, address and tracking', async () => {
    logIn();
    const order = orderDetails({
      status: 'Processing',
      can_change: false,
      tracking: { company: 'LBC Express', number: 'LBC123', link: 'https://track.example/LBC123' },
    });
    mockApi(handlers(() => order));
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    await within(dialog).findByText('Earl Grey Cream');
    const row = (label: string | RegExp) => within(dialog).getByText(label).closest('div');
    expect(row('Subtotal')).toHaveTextContent('$24.00');
    expect(row('Delivery fee')).toHaveTextContent('$9.00');
    expect(row('Coupon discount (WELCOME10)')).toHaveTextContent('−$2.40');
    expect(row('Cash reward')).toHaveTextContent('−$1.00');
    expect(row('Grand total')).toHaveTextContent('$29.60');
    expect(within(dialog).getByText('REF-778899')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/uploads/receipts/abc.png?sig=1',
    );
    expect(within(dialog).getByText(/12 Mango Street, Makati, Metro Manila 1200/)).toBeInTheDocument();
    expect(within(dialog).getByText('LBC Express')).toBeInTheDocument();
    expect(within(dialog).getByText('LBC123')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://track.example/LBC123',
    );
    // Processing: no change controls.
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/order$/);
  });

  it('shows how to pay a pending bank transfer, and no tracking yet', async () => {
    logIn();
    mockApi(handlers(() => orderDetails()));
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    expect(await within(dialog).findByText('0123-4567-89')).toBeInTheDocument();
    expect(within(dialog).getByText('Tracking details appear here once your order ships.')).toBeInTheDocument();
    // pay_by is null here (the factory's order has a receipt): no deadline is shown.
    expect(within(dialog).queryByText(/Please pay by/)).not.toBeInTheDocument();
  });

  it('tells the customer until when an unpaid order can be paid before it is cancelled', async () => {
    logIn();
    const payBy = '2026-11-24T10:30:00.000Z';
    mockApi(handlers(() => orderDetails({ payment_method: 'payment_link', receipt_url: null, pay_by: payBy })));
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(payBy));
    expect(
      await within(dialog).findByText(
        `Please pay by ${when}. An order still unpaid then is cancelled and its items go back on the shelf.`,
      ),
    ).toBeInTheDocument();
  });
});

describe('The 15-minute window', () => {
  beforeEach(() => logIn());

  it('within the window: a countdown, and cancelling asks first, then cancels', async () => {
    const user = userEvent.setup();
    let order = orderDetails();
    const { callsTo } = mockApi(
      handlers(() => order, {
        '/v2/cancel-order': () => {
          order = { ...order, status: 'Cancelled', can_change: false, cancelled_at: new Date().toISOString() };
          return { data: { order } };
        },
      }),
    );
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    expect(
      await within(dialog).findByText(/You can change the address or cancel for 1[34]:\d\d more\./),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    const confirm = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(confirm).toHaveTextContent('Cancel order LC-20261122-0042?');
    expect(callsTo('/v2/cancel-order')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(callsTo('/v2/cancel-order')).toHaveLength(1));
    expect(callsTo('/v2/cancel-order')[0]?.body.get('order_id')).toBe('42');
    const after = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    await waitFor(() => expect(within(after).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(within(after).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('"Keep order" closes the question without cancelling', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(handlers(() => orderDetails()));
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order' })).getByRole('button', { name: 'Keep order' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' })).toBeInTheDocument();
    expect(callsTo('/v2/cancel-order')).toHaveLength(0);
  });

  it('after the window: the changes are disabled, with the reason', async () => {
    const placed = new Date(Date.now() - 20 * 60_000).toISOString();
    mockApi(
      handlers(() =>
        orderDetails({
          placed_at: placed,
          can_change_until: new Date(Date.parse(placed) + 15 * 60_000).toISOString(),
          can_change: false,
        }),
      ),
    );
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    const cancel = await within(dialog).findByRole('button', { name: 'Cancel order' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription('Changes are possible only within 15 minutes of placing the order.');
    expect(within(dialog).getByRole('button', { name: 'Change address' })).toBeDisabled();
  });

  it('the countdown closes the window when it runs out', async () => {
    const placed = new Date(Date.now() - 15 * 60_000 + 1500).toISOString();
    mockApi(
      handlers(() =>
        orderDetails({ placed_at: placed, can_change_until: new Date(Date.parse(placed) + 15 * 60_000).toISOString() }),
      ),
    );
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    const cancel = await within(dialog).findByRole('button', { name: 'Cancel order' });
    expect(cancel).toBeEnabled();
    expect(within(dialog).getByText(/for 0:0[12] more/)).toBeInTheDocument();
    await waitFor(() => expect(cancel).toBeDisabled(), { timeout: 3000 });
    expect(
      within(dialog).getByText('Changes are possible only within 15 minutes of placing the order.'),
    ).toBeInTheDocument();
  });

  it('changes the delivery address to another saved one', async () => {
    const user = userEvent.setup();
    let order = orderDetails();
    const { callsTo } = mockApi(
      handlers(() => order, {
        '/v2/get-addresses': () => ({
          data: {
            addresses: [address(), address({ id: 12, receiver_name: 'Li Wei', city: 'Cebu City', state_name: 'Cebu' })],
          },
        }),
        '/v2/update-order-address': () => {
          order = {
            ...order,
            delivery_address: {
              ...order.delivery_address,
              receiver_name: 'Li Wei',
              city: 'Cebu City',
              state_name: 'Cebu',
            },
          };
          return { data: { order } };
        },
      }),
    );
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    await user.click(await within(dialog).findByRole('button', { name: 'Change address' }));
    const change = await screen.findByRole('dialog', { name: 'Change address' });
    await user.click(await within(change).findByRole('radio', { name: /Li Wei/ }));
    await user.click(within(change).getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('Address updated successfully')).toBeInTheDocument();
    expect(callsTo('/v2/update-order-address')[0]?.body.get('address_id')).toBe('12');
    const after = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    expect(within(after).getByText('Li Wei')).toBeInTheDocument();
  });
});

describe('Reviews', () => {
  beforeEach(() => logIn());

  const completed = (reviewed: boolean) =>
    orderDetails({
      status: 'Completed',
      can_change: false,
      can_review: !reviewed,
      items: [{ ...orderDetails().items[0]!, reviewed }],
    });

  it('asks for rating, title and description, then adds the review', async () => {
    const user = userEvent.setup();
    let reviewed = false;
    const { callsTo } = mockApi(
      handlers(() => completed(reviewed), {
        '/v1/add-review': (body) => {
          reviewed = true;
          return {
            data: {
              review: {
                id: 9,
                product_id: 5,
                order_id: 42,
                rating: Number(body.get('rating')),
                title: body.get('title'),
                description: body.get('description'),
                nickname: 'Mei',
                created_at: new Date().toISOString(),
              },
            },
            message: 'Review added successfully',
          };
        },
      }),
    );
    renderOrders('/order?id=42&view=review');
    const dialog = await screen.findByRole('dialog', { name: 'Review order LC-20261122-0042' });
    const form = await within(dialog).findByRole('form', { name: 'Review Earl Grey Cream' });
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription('Please select rating');
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('Please enter title');
    expect(within(form).getByLabelText('Description')).toHaveAccessibleDescription('Please enter description');
    expect(callsTo('/v1/add-review')).toHaveLength(0);

    const stars = within(form).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Title'), 'Smooth and fragrant');
    await user.type(within(form).getByLabelText('Description'), 'Lovely bergamot, brews well twice.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Review added successfully')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('/v1/add-review')[0]?.body ?? [])).toMatchObject({
      order_id: '42',
      product_id: '5',
      rating: '4',
      title: 'Smooth and fragrant',
      description: 'Lovely bergamot, brews well twice.',
    });
    // The order reloads: the product is now reviewed.
    expect(await within(dialog).findByText('Reviewed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows "Reviewed" for products already reviewed', async () => {
    mockApi(handlers(() => completed(true)));
    renderOrders('/order?id=42');
    const dialog = await screen.findByRole('dialog', { name: 'Order LC-20261122-0042' });
    expect(await within(dialog).findByText('Reviewed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });
});
