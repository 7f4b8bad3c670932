import type { BuyAgainLine } from '@common/contract/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import UnguardedOrdersPage from '../../../../src/client/features/orders/pages/OrdersPage';
import {
  allowSlowScreens,
  type Handlers,
  lineInput,
  logIn,
  mockApi,
  orderDetails,
  renderRoutes,
  resetStores,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

const OrdersPage = guarded('order', UnguardedOrdersPage);
const order = orderDetails({ id: 42, order_no: 'LC-42', status: 'Completed', can_change: false });

const added = (overrides: Partial<BuyAgainLine> = {}): BuyAgainLine => ({
  product: {
    id: 5,
    name: 'Earl Grey Cream',
    image: '/images/products/earl-grey.svg',
    translations: [
      { lang: 'en', name: 'Earl Grey Cream' },
      { lang: 'zh', name: '奶香伯爵茶' },
    ],
  },
  packaging: {
    id: 51,
    name: '50 g Pouch',
    translations: [
      { lang: 'en', name: '50 g Pouch' },
      { lang: 'zh', name: '50克袋装' },
    ],
    // Today's price: $13.00, on sale at $11.00.
    price_cents: 1300,
    discount_price_cents: 1100,
    has_discount: true,
    stock: 6,
  },
  quantity: 2,
  ordered_quantity: 2,
  was_subscription: false,
  ...overrides,
});

function handlers(answer: Handlers['/v1/buy-again']): Handlers {
  return {
    '/v1/get-orders': () => ({ data: { orders: [], next_cursor: null } }),
    '/v1/get-order-details': () => ({ data: { order } }),
    '/v1/buy-again': answer,
  };
}

/** Buy again's report (the order dialog may hold other alerts, e.g. the exchanges block's). */
const buyAgainReport = async (dialog: HTMLElement) => {
  const lead = await within(dialog).findByText(/added to your cart\.$|^Nothing from this order/);
  const report = lead.closest<HTMLElement>('[role="alert"]');
  expect(report).not.toBeNull();
  return report!;
};

const renderOrder = (lang?: 'en' | 'zh') =>
  renderRoutes(
    [
      { path: '/order', Component: OrdersPage },
      { path: '/cart', element: <p>Cart page</p> },
    ],
    '/order?id=42',
    lang ? { lang } : {},
  );

beforeEach(() => {
  resetStores();
  logIn();
});
afterEach(() => {
  resetStores();
});

describe('Buy again', () => {
  it('sends the order and the cart, adds the lines at today’s price and goes to the cart', async () => {
    useCart.getState().add(lineInput({ product_id: 7, quantity: 1 }));
    const api = mockApi(handlers(() => ({ data: { added: [added()], problems: [] } })));
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy again: order LC-42' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();

    const [call] = api.callsTo('/v1/buy-again');
    expect(call!.body.get('order_id')).toBe('42');
    expect(JSON.parse(call!.body.get('items') ?? '[]')).toEqual([
      { product_id: 7, variant_id: 71, quantity: 1, frequency_weeks: 0 },
    ]);
    const lines = useCart.getState().lines;
    expect(lines.map((l) => [l.product_id, l.variant_id, l.quantity, l.frequency_weeks])).toEqual([
      [7, 71, 1, 0],
      [5, 51, 2, 0],
    ]);
    expect(lines[1]).toMatchObject({ unit_price: 1300, has_discount: true, discount_price: 1100, stock_balance: 6 });
    expect(lines[1]!.totalPrice).toBe('22.00');
  });

  it('says what could not be added and why, and offers the cart', async () => {
    mockApi(
      handlers(() => ({
        data: {
          added: [added({ quantity: 1, ordered_quantity: 3, was_subscription: true })],
          problems: [
            {
              product_id: 5,
              variant_id: 51,
              name: 'Earl Grey Cream',
              variant_name: '50 g Pouch',
              reason: 'only_left',
              left: 1,
            },
            {
              product_id: 8,
              variant_id: 81,
              name: 'Old Matcha',
              variant_name: '30 g Tin',
              reason: 'no_longer_sold',
              left: 0,
            },
            { product_id: 9, variant_id: 91, name: 'Sencha', variant_name: '100 g', reason: 'out_of_stock', left: 0 },
          ],
        },
      })),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy again: order LC-42' }));
    const report = await buyAgainReport(dialog);
    expect(report).toHaveTextContent('1 item was added to your cart.');
    expect(report).toHaveTextContent('Earl Grey Cream (50 g Pouch): only 1 left');
    expect(report).toHaveTextContent('Old Matcha (30 g Tin) is no longer sold');
    expect(report).toHaveTextContent('Sencha (100 g) is out of stock');
    expect(report).toHaveTextContent(
      'Earl Grey Cream (50 g Pouch) was added as a one-time purchase, not a subscription',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/order');
    expect(useCart.getState().lines.map((l) => [l.variant_id, l.quantity, l.frequency_weeks])).toEqual([[51, 1, 0]]);
    await userEvent.click(within(report).getByRole('button', { name: 'Go to cart' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });

  it('with nothing added, says so and offers no cart', async () => {
    mockApi(
      handlers(() => ({
        data: {
          added: [],
          problems: [
            {
              product_id: 8,
              variant_id: 81,
              name: 'Old Matcha',
              variant_name: '30 g Tin',
              reason: 'no_longer_sold',
              left: 0,
            },
          ],
        },
      })),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy again: order LC-42' }));
    const report = await buyAgainReport(dialog);
    expect(report).toHaveTextContent('Nothing from this order could be added to your cart.');
    expect(within(report).queryByRole('button', { name: 'Go to cart' })).toBeNull();
    expect(useCart.getState().lines).toEqual([]);
    // Closing the report puts the focus back on Buy again (not on the page's body).
    await userEvent.click(within(report).getByRole('button', { name: 'Close' }));
    const button = within(dialog).getByRole('button', { name: 'Buy again: order LC-42' });
    expect(button).toHaveFocus();
    // Its visible label, "Buy again", starts its accessible name (WCAG 2.5.3).
    expect(button).toHaveTextContent(/^Buy again$/);
  });

  it('reports a line the cart refuses after all (changed meanwhile) with the stock left', async () => {
    // The cart already holds all 6 in stock (another tab added them after the request was sent).
    mockApi(
      handlers(() => {
        useCart.getState().add({ ...lineInput({ product_id: 5, variant_id: 51, quantity: 6, stock_balance: 6 }) });
        return { data: { added: [added()], problems: [] } };
      }),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy again: order LC-42' }));
    const report = await buyAgainReport(dialog);
    expect(report).toHaveTextContent('Earl Grey Cream (50 g Pouch): only 6 left');
    expect(useCart.getState().lines.map((l) => l.quantity)).toEqual([6]);
  });

  it('shows the server’s refusal (e.g. not found) and adds nothing', async () => {
    mockApi(handlers(() => ({ status: 404, message: 'Order not found' })));
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy again: order LC-42' }));
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(useCart.getState().lines).toEqual([]);
  });

  it('with no answer (network down) says so in Chinese, not in the browser’s English', async () => {
    mockApi(handlers(() => ({ network: true })));
    renderOrder('zh');
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: '再来一单：订单 LC-42' }));
    expect(await screen.findByText('无法将此订单加入购物车，请重试。')).toBeInTheDocument();
    expect(screen.queryByText(/Network error|Failed to fetch/)).toBeNull();
    expect(useCart.getState().lines).toEqual([]);
  });

  it('while adding, its name says so (not only its text) and it is busy', async () => {
    let answer!: (a: { data: { added: BuyAgainLine[]; problems: [] } }) => void;
    mockApi(handlers(() => new Promise((resolve) => (answer = resolve))));
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Buy again: order LC-42' }));
    const busy = await within(dialog).findByRole('button', { name: 'Adding order LC-42 to your cart…' });
    expect(busy).toHaveTextContent('Adding…');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toBeDisabled();
    answer({ data: { added: [added()], problems: [] } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });

  it('is labelled in Chinese', async () => {
    mockApi(handlers(() => ({ data: { added: [], problems: [] } })));
    renderOrder('zh');
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    expect(await within(dialog).findByRole('button', { name: '再来一单：订单 LC-42' })).toHaveTextContent('再来一单');
  });
});
