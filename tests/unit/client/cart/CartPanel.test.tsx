import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { CartPanelHost } from '../../../../src/client/features/cart/components/CartPanelHost';
import CartPage from '../../../../src/client/features/cart/pages/CartPage';
import { useUi } from '../../../../src/client/stores/ui-store';
import { lineInput, mockApi, product, renderRoute } from '../toolkit';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

/** The server agrees with the cart: every product exists with plenty of stock. */
function serveStock(stock = 5) {
  return mockApi({
    '/v2/get-product-details': (body) => {
      const id = Number(body.get('product_id'));
      return { data: { product: product(id, [{ id: id * 10 + 1, stock }]) } };
    },
  });
}

const openPanel = async () => {
  act(() => useUi.getState().openCart());
  return screen.findByRole('dialog', { name: 'Your Cart' });
};

beforeEach(() => {
  useCart.getState().clear();
  act(() => useUi.getState().closeCart());
  vi.clearAllMocks();
});

describe('cart panel (docs/product.md §3)', () => {
  it('is closed until opened, then a modal dialog labelled "Your Cart"', async () => {
    serveStock();
    renderRoute(<CartPanelHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openPanel();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });

  it('empty: the two texts and "Shop Now", which goes to /products and closes the panel', async () => {
    serveStock();
    const { router } = renderRoute(<CartPanelHost />, { path: '/', pattern: '/' });
    const dialog = await openPanel();
    expect(within(dialog).getByText('Your cart is empty!')).toBeInTheDocument();
    expect(within(dialog).getByText('Add your favorite items to your cart.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Secure Checkout')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Shop Now' }));
    expect(router.state.location.pathname).toBe('/products');
    expect(useUi.getState().cartOpen).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('filled: a card per line with name, controls with accessible names, count and line price; subtotal', async () => {
    serveStock();
    useCart.getState().add(lineInput({ quantity: 2 }));
    useCart.getState().add(lineInput({ product_id: 8, frequency_weeks: 4, has_discount: true, discount_price: 1062 }));
    renderRoute(<CartPanelHost />);
    const dialog = await openPanel();
    const cards = within(dialog).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Tea 7')).toHaveClass('cart-line__name');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/images/products/tea-7.svg');
    expect(first.getByRole('button', { name: 'Remove Tea 7' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Decrease quantity of Tea 7' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Increase quantity of Tea 7' })).toBeInTheDocument();
    expect(first.getByRole('status')).toHaveTextContent('2');
    expect(first.getByText('$25.00')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(/Every 4 weeks/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('$10.62')).toBeInTheDocument();
    expect(within(dialog).getByTestId('cart-subtotal')).toHaveTextContent('$35.62');
    // The cart icon shows the number of distinct lines and leads to /cart.
    expect(within(dialog).getByRole('link', { name: 'Open the cart page, 2 items' })).toHaveAttribute('href', '/cart');
  });

  it('plus stops at the stock with "Not Enough Stock"; minus to zero and remove take lines away', async () => {
    serveStock(3);
    useCart.getState().add(lineInput({ quantity: 2, stock_balance: 3 }));
    renderRoute(<CartPanelHost />);
    const dialog = await openPanel();
    const plus = within(dialog).getByRole('button', { name: 'Increase quantity of Tea 7' });
    await userEvent.click(plus);
    expect(useCart.getState().lines[0]?.quantity).toBe(3);
    expect(notify.error).not.toHaveBeenCalled();
    await userEvent.click(plus);
    expect(useCart.getState().lines[0]?.quantity).toBe(3);
    expect(notify.error).toHaveBeenCalledWith('Not Enough Stock');
    expect(within(dialog).getByRole('status')).toHaveTextContent('3');

    const minus = within(dialog).getByRole('button', { name: 'Decrease quantity of Tea 7' });
    await userEvent.click(minus);
    await userEvent.click(minus);
    await userEvent.click(minus);
    expect(useCart.getState().lines).toHaveLength(0);
    expect(within(dialog).getByText('Your cart is empty!')).toBeInTheDocument();
  });

  it('remove deletes the line; the last one gone shows the empty state', async () => {
    serveStock();
    useCart.getState().add(lineInput());
    renderRoute(<CartPanelHost />);
    const dialog = await openPanel();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Tea 7' }));
    expect(useCart.getState().lines).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Shop Now' })).toBeInTheDocument();
  });

  it('"Continue Shopping" closes; "Secure Checkout" closes and goes to /checkout', async () => {
    serveStock();
    useCart.getState().add(lineInput());
    const { router } = renderRoute(<CartPanelHost />, { path: '/', pattern: '/' });
    let dialog = await openPanel();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    dialog = await openPanel();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Secure Checkout' }));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(useUi.getState().cartOpen).toBe(false);
  });

  it('the close control, the backdrop and Escape close it; the page does not scroll while open', async () => {
    serveStock();
    useCart.getState().add(lineInput());
    renderRoute(<CartPanelHost />);
    let dialog = await openPanel();
    expect(document.body.style.overflow).toBe('hidden');
    expect(dialog.querySelector('.cart-panel__body')).toHaveClass('cart-panel__body--filled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');

    await openPanel();
    await userEvent.click(screen.getByTestId('cart-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    dialog = await openPanel();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the empty panel body has no extra bottom padding class', async () => {
    serveStock();
    renderRoute(<CartPanelHost />);
    const dialog = await openPanel();
    expect(dialog.querySelector('.cart-panel__body')).not.toHaveClass('cart-panel__body--filled');
  });

  it('opening re-checks the stock: a line above the new stock is lowered, with a message', async () => {
    const api = serveStock(2);
    useCart.getState().add(lineInput({ quantity: 4 }));
    renderRoute(<CartPanelHost />);
    const dialog = await openPanel();
    await waitFor(() => expect(useCart.getState().lines[0]?.quantity).toBe(2));
    expect(api.callsTo('/v2/get-product-details')).toHaveLength(1);
    expect(within(dialog).getByRole('status')).toHaveTextContent('2');
    expect(notify.error).toHaveBeenCalledWith('Only 2 of Tea 7 left: the quantity was lowered to 2');
  });

  it('shows names in Chinese when the language is zh', async () => {
    const { i18n } = await import('../../../../src/client/lib/i18n/i18n');
    serveStock();
    useCart.getState().add(lineInput());
    await act(() => i18n.changeLanguage('zh'));
    try {
      renderRoute(<CartPanelHost />);
      act(() => useUi.getState().openCart());
      const dialog = await screen.findByRole('dialog', { name: '您的购物车' });
      expect(within(dialog).getByText('茶 7')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: '安全结账' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('/cart page', () => {
  it('shows the lines, the subtotal and a checkout button that is the primary action', async () => {
    serveStock();
    useCart.getState().add(lineInput({ quantity: 2 }));
    const { router } = renderRoute(<CartPage />, { path: '/cart', pattern: '/cart' });
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
    expect(screen.getByText('Tea 7')).toBeInTheDocument();
    const checkout = screen.getByRole('button', { name: 'Checkout · $25.00' });
    expect(checkout).toHaveAttribute('data-primary-action');
    await userEvent.click(checkout);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('empty: "Shop Now" leads to /products', async () => {
    serveStock();
    const { router } = renderRoute(<CartPage />, { path: '/cart', pattern: '/cart' });
    await userEvent.click(await screen.findByRole('button', { name: 'Shop Now' }));
    expect(router.state.location.pathname).toBe('/products');
  });
});
