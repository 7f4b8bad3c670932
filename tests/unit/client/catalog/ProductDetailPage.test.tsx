import type { Variant as Packaging, ProductDetails } from '@common/contract/catalog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import ProductDetailPage from '../../../../src/client/features/catalog/pages/ProductDetailPage';
import { useSession } from '../../../../src/client/stores/session-store';
import { mockApi, productDetails, renderRoutes, review } from '../toolkit';

const routes = [{ path: '/details/:productId', Component: ProductDetailPage }];

function serve(product: ProductDetails, reviewCount = 3) {
  const all = Array.from({ length: reviewCount }, (_, i) => review(i + 1));
  return mockApi({
    '/v2/get-product-details': (body) =>
      Number(body.get('product_id')) === product.id
        ? { data: { product } }
        : { status: 404, message: 'This product does not exist' },
    '/v2/get-product-reviews': (body) => {
      const offset = Number(body.get('cursor') ?? 0);
      const limit = Number(body.get('limit'));
      const next = offset + limit < all.length ? String(offset + limit) : null;
      return { data: { reviews: all.slice(offset, offset + limit), next_cursor: next } };
    },
  });
}

const addButton = () => screen.getByRole('button', { name: /^Add to cart/ });
const quantity = () => screen.getByRole('spinbutton', { name: 'Quantity' });

beforeEach(() => {
  useCart.getState().clear();
  useSession.getState().clear();
});

describe('ProductDetailPage', () => {
  it('shows the product: gallery, sale price, stock, availability, description, tags', async () => {
    serve(productDetails());
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    expect(await screen.findByRole('heading', { level: 1, name: 'Earl Grey Cream' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Earl Grey Cream' })).toHaveAttribute(
      'src',
      '/images/products/earl-grey.svg',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Earl Grey Cream' })).toHaveAttribute(
      'src',
      '/images/products/earl-grey-2.svg',
    );
    // The first packaging is on sale: $9.90, with $12.00 struck through.
    expect(addButton()).toHaveTextContent('$9.90');
    expect(screen.getByText('$12.00', { selector: 's' })).toBeInTheDocument();
    // The count is the chosen packaging's (3 of the 13), the most the quantity can be: one number, said once.
    expect(screen.getByText('In stock: 3 available')).toBeInTheDocument();
    expect(quantity()).toHaveAccessibleDescription('In stock: 3 available');
    expect(screen.queryByText(/At most/)).toBeNull();
    expect(screen.getByText(/Philippines/)).toHaveTextContent('(available)');
    expect(screen.getByText(/China/)).toHaveTextContent('(not available)');
    expect(screen.getByText('Ceylon black tea with bergamot.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Black' })).toHaveAttribute('href', '/products?type=black');
    expect(addButton()).toHaveAttribute('data-primary-action');
  });

  it('changes the price with the packaging and the frequency, and shows the saving', async () => {
    serve(productDetails());
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    const packaging = screen.getByRole('group', { name: 'Packaging' });
    await userEvent.click(within(packaging).getByRole('radio', { name: /100 g Tin/ }));
    expect(addButton()).toHaveTextContent('$20.00');

    const delivery = screen.getByRole('group', { name: 'Delivery' });
    const every4 = within(delivery).getByRole('radio', { name: /Every 4 weeks/ });
    expect(every4.closest('label')).toHaveTextContent('Subscribe & save 15%');
    expect(every4.closest('label')).toHaveTextContent('Save $3.00');
    await userEvent.click(every4);
    // 15% off $20.00 → $17.00, the regular price struck through.
    expect(addButton()).toHaveTextContent('$17.00');
    expect(screen.getByText('$20.00', { selector: 's' })).toBeInTheDocument();

    // On the sale packaging the subscription takes 15% off the sale price: $9.90 → $8.41.
    await userEvent.click(within(packaging).getByRole('radio', { name: /50 g Pouch/ }));
    expect(addButton()).toHaveTextContent('$8.41');
    await userEvent.click(within(delivery).getByRole('radio', { name: /One-time/ }));
    expect(addButton()).toHaveTextContent('$9.90');
  });

  it('opens on the Subscribe & save frequency a link asks for (?frequency=4), when the product offers it', async () => {
    serve(productDetails());
    renderRoutes(routes, '/details/5?frequency=4', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    expect(within(delivery).getByRole('radio', { name: /Every 4 weeks/ })).toBeChecked();
    // 15% off the sale price: $9.90 → $8.41.
    expect(addButton()).toHaveTextContent('$8.41');
  });

  it('opens one-time on a frequency the product does not offer, or on anything else', async () => {
    for (const asked of ['3', 'soon', '0']) {
      serve(productDetails());
      const { unmount } = renderRoutes(routes, `/details/5?frequency=${asked}`, { staleTime: Infinity });
      await screen.findByRole('heading', { level: 1 });
      const delivery = screen.getByRole('group', { name: 'Delivery' });
      expect(within(delivery).getByRole('radio', { name: /One-time/ }), asked).toBeChecked();
      unmount();
    }
  });

  it("bounds the quantity stepper by the chosen packaging's stock", async () => {
    serve(productDetails());
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(quantity()).toHaveValue(1);
    expect(minus).toBeDisabled();
    for (let i = 0; i < 5; i++) await userEvent.click(plus);
    expect(quantity()).toHaveValue(3); // the 50 g Pouch has 3 in stock
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(addButton()).toHaveTextContent('$29.70');
    await userEvent.click(minus);
    expect(quantity()).toHaveValue(2);
    // Typing past the stock is held at the stock.
    await userEvent.clear(quantity());
    await userEvent.type(quantity(), '99');
    expect(quantity()).toHaveValue(3);
    // A packaging with more stock lets it go higher.
    await userEvent.click(screen.getByRole('radio', { name: /100 g Tin/ }));
    for (let i = 0; i < 20; i++) await userEvent.click(plus);
    expect(quantity()).toHaveValue(10);
    expect(screen.getByText('In stock: 10 available')).toBeInTheDocument();
    // A packaging without stock says so on the stock line, not a count of the others'.
    await userEvent.click(screen.getByRole('radio', { name: /20 Tea Bags/ }));
    expect(quantity()).toHaveAccessibleDescription('This packaging is out of stock');
  });

  it('shows one chip per label: a tag named like a category or another tag is left out', async () => {
    serve(
      productDetails({
        categories: [{ id: 7, slug: 'matcha', name: '抹茶' }],
        tags: [
          { id: 8, kind: 'type', slug: 'matcha', name: '抹茶' },
          { id: 9, kind: 'benefit', slug: 'focus', name: '专注' },
          { id: 10, kind: 'tag', slug: 'focus-2', name: '专注 ' },
        ],
      }),
    );
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    const chips = within(screen.getByRole('list', { name: 'Tags' }));
    expect(chips.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['抹茶', '/products/matcha'],
      ['专注', '/products?benefit=focus'],
    ]);
  });

  it('opens on the packaging the list card priced: the cheapest, wherever it is in the order', async () => {
    const base = productDetails();
    const [pouch, tin, bags] = base.variants as [Packaging, Packaging, Packaging];
    // The tin first at $20.00, then bags at $7.00 (the card's "From $7.00"), then the pouch on sale at $9.90.
    serve({ ...base, variants: [tin, { ...bags, price_cents: 700, stock: 4 }, pouch] });
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('radio', { name: /20 Tea Bags/ })).toBeChecked();
    expect(addButton()).toHaveTextContent('$7.00');
    expect(screen.getByText('$7.00', { selector: '.price__now' })).toBeInTheDocument();
  });

  it('cannot add an out-of-stock product, and says why', async () => {
    serve(
      productDetails({
        stock_state: 'out_of_stock',
        stock_balance: 0,
        variants: productDetails().variants.map((v) => ({ ...v, stock: 0 })),
      }),
    );
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    // "Notify me when available" stands where Add to cart would be (docs/decisions/018; StockAlert.test.tsx).
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notify me when available' })).toBeInTheDocument();
    expect(screen.getByText('This product is out of stock.')).toBeInTheDocument();
    // The stock badge under the name, in words (not its translation key).
    expect(screen.getByText('Out of stock', { selector: '.stock-badge' })).toBeInTheDocument();
  });

  it('cannot add a coming-soon product, nor an empty packaging', async () => {
    serve(productDetails({ stock_state: 'coming_soon' }));
    const first = renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /^Add to cart/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notify me when available' })).toBeInTheDocument();
    expect(screen.getByText('This product is coming soon and cannot be ordered yet.')).toBeInTheDocument();
    expect(screen.getByText('Coming soon', { selector: '.stock-badge' })).toBeInTheDocument();
    first.unmount();

    serve(productDetails());
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('radio', { name: /20 Tea Bags/ }));
    expect(addButton()).toBeDisabled();
    expect(addButton()).toHaveAccessibleDescription('This packaging is out of stock. Choose another one.');
  });

  it('adds the chosen line to the cart for a logged-in user', async () => {
    useSession.getState().setSession(
      {
        id: 1,
        nickname: 'Mei',
        email: 'm@example.com',
        phone: '1',
        referral_code: 'MEI',
        is_agent: 0,
        telegram_user_id: null,
        telegram_username: null,
        telegram_name: null,
        cash_balance_cents: 0,
        upline_nickname: null,
        language: 'en',
      },
      'tok',
    );
    serve(productDetails());
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('radio', { name: /100 g Tin/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Every 8 weeks/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(addButton());
    const [line] = useCart.getState().lines;
    expect(line).toMatchObject({
      product_id: 5,
      variant_id: 52,
      frequency_weeks: 8,
      quantity: 2,
      stock_balance: 10,
      unit_price: 2000,
      has_discount: true,
      discount_price: 1700,
      totalPrice: '34.00',
      name: 'Earl Grey Cream',
      translations: [{ name: 'Earl Grey Cream' }, { name: '奶香伯爵茶' }],
      variant_translations: [{ name: '100 g Tin' }, { name: '100克罐装' }],
    });
  });

  it('sends a guest to the login screen instead of adding', async () => {
    serve(productDetails());
    const { router } = renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(addButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useCart.getState().lines).toHaveLength(0);
  });

  it('shows the rating summary and loads more reviews on demand', async () => {
    const api = serve(productDetails(), 7);
    renderRoutes(routes, '/details/5', { staleTime: Infinity });
    await screen.findByText('Review 5');
    expect(screen.getByText('Based on 3 reviews', { selector: '.reviews__average span' })).toBeInTheDocument();
    expect(screen.getByLabelText('5 stars: 2')).toBeInTheDocument();
    expect(screen.queryByText('Review 6')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more reviews' }));
    await screen.findByText('Review 7');
    expect(api.callsTo('/v2/get-product-reviews').at(-1)?.body.get('cursor')).toBe('5');
    expect(screen.queryByRole('button', { name: 'Load more reviews' })).toBeNull();
  });

  it("shows the server's message for an unknown product", async () => {
    serve(productDetails());
    renderRoutes(routes, '/details/77', { staleTime: Infinity });
    expect(await screen.findByRole('alert')).toHaveTextContent('This product does not exist');
  });
});
