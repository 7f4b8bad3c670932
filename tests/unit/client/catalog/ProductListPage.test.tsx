import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductListPage from '../../../../src/client/features/catalog/pages/ProductListPage';
import { card, mockApi, mockIntersectionObserver, renderRoutes } from '../toolkit';

const routes = [
  { path: '/products', Component: ProductListPage },
  { path: '/products/:categoryId', Component: ProductListPage },
];

/** 45 products served 20 at a time; the cursor is the offset. Page 2 repeats page 1's last product. */
function catalogue(options: { failSecondPageOnce?: boolean } = {}) {
  const all = Array.from({ length: 45 }, (_, i) =>
    card(i + 1, {
      ...(i === 0 ? { stock_state: 'out_of_stock', stock_total: 0 } : {}),
      ...(i === 1 ? { stock_total: 3 } : {}),
      ...(i === 2 ? { stock_state: 'coming_soon', stock_total: 0 } : {}),
      ...(i === 3 ? { stock_state: 'ready_stock' } : {}),
      ...(i === 4 ? { price_cents: 1200, discount_price_cents: 990, has_discount: true } : {}),
    }),
  );
  let failed = false;
  return mockApi({
    '/v2/get-product-list': (body) => {
      if (body.get('category') === 'nowhere') return { status: 404, message: 'This category does not exist' };
      const offset = Number(body.get('cursor') ?? 0);
      if (offset > 0 && options.failSecondPageOnce && !failed) {
        failed = true;
        return { status: 503, message: 'down' };
      }
      const limit = Number(body.get('limit'));
      const start = offset === 0 ? 0 : offset - 1; // overlap by one: the page must not show it twice
      const products = all.slice(start, offset + limit);
      const next = offset + limit < all.length ? String(offset + limit) : null;
      return {
        data: {
          products,
          next_cursor: next,
          sort: body.get('sort') ?? 'newest',
          category: body.get('category') ? { id: 1, slug: 'best-sellers', name: 'BEST SELLERS' } : null,
          tag: body.get('type') ? { id: 9, kind: 'type', slug: body.get('type'), name: 'Black' } : null,
        },
      };
    },
  });
}

const productLinks = () =>
  screen.getAllByRole('link').filter((a) => /^\/details\/\d+$/.test(a.getAttribute('href') ?? ''));

describe('ProductListPage', () => {
  it('reads its filters from the URL, titles the list, and renders the cards', async () => {
    mockIntersectionObserver();
    const api = catalogue();
    renderRoutes(routes, '/products/best-sellers?sort=oldest', { staleTime: Infinity });
    expect(await screen.findByRole('heading', { level: 1, name: 'BEST SELLERS' })).toBeInTheDocument();
    const call = api.callsTo('/v2/get-product-list')[0]!;
    expect(call.body.get('category')).toBe('best-sellers');
    expect(call.body.get('sort')).toBe('oldest');
    expect(call.body.get('limit')).toBe('20');
    expect(productLinks()).toHaveLength(20);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('oldest');
    expect(productLinks()[0]).toHaveAttribute('href', '/details/1');
  });

  it('shows stock badges and discounts on the cards', async () => {
    mockIntersectionObserver();
    catalogue();
    renderRoutes(routes, '/products', { staleTime: Infinity });
    await screen.findByText('Tea 5');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All products');
    const cardOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    expect(within(cardOf('Tea 1')).getByText('Out of stock')).toBeInTheDocument();
    expect(within(cardOf('Tea 2')).getByText('Only 3 left')).toBeInTheDocument();
    expect(within(cardOf('Tea 3')).getByText('Coming soon')).toBeInTheDocument();
    expect(within(cardOf('Tea 4')).getByText('Ready stock')).toBeInTheDocument();
    expect(within(cardOf('Tea 6')).queryByText(/stock|left|soon/i)).toBeNull();
    const sale = cardOf('Tea 5');
    expect(within(sale).getByText('$9.90')).toBeInTheDocument();
    expect(within(sale).getByText('$12.00').tagName).toBe('S');
    const img = sale.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
  });

  it('loads the next page when the end comes near, without duplicates, then says the list has ended', async () => {
    const io = mockIntersectionObserver();
    const api = catalogue();
    renderRoutes(routes, '/products?type=black', { staleTime: Infinity });
    await screen.findByText('Tea 20');
    expect(screen.getByRole('heading', { level: 1, name: 'Black' })).toBeInTheDocument();
    expect(screen.queryByText("You've reached the end of the list.")).toBeNull();
    expect(io.margins().some((m) => m.includes('800px'))).toBe(true);

    act(() => io.intersect());
    await screen.findByText('Tea 40');
    const second = api.callsTo('/v2/get-product-list')[1]!;
    expect(second.body.get('cursor')).toBe('20');
    expect(second.body.get('type')).toBe('black');
    expect(productLinks()).toHaveLength(40);
    expect(screen.getAllByText('Tea 20')).toHaveLength(1);

    await waitFor(() => expect(io.active()).toBe(1));
    act(() => io.intersect());
    await screen.findByText('Tea 45');
    expect(productLinks()).toHaveLength(45);
    expect(await screen.findByText("You've reached the end of the list.")).toBeInTheDocument();
    // At the end, nothing more is asked for.
    act(() => io.intersect());
    expect(api.callsTo('/v2/get-product-list')).toHaveLength(3);
  });

  it('offers a retry when a next page fails, and the retry loads it', async () => {
    const io = mockIntersectionObserver();
    const api = catalogue({ failSecondPageOnce: true });
    renderRoutes(routes, '/products', { staleTime: Infinity });
    await screen.findByText('Tea 20');
    act(() => io.intersect());
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the products.');
    expect(productLinks()).toHaveLength(20);
    await userEvent.click(retry);
    await screen.findByText('Tea 40');
    expect(api.callsTo('/v2/get-product-list')).toHaveLength(3);
  });

  it('changes the sort through the URL and reloads from the first page', async () => {
    mockIntersectionObserver();
    const api = catalogue();
    const { router } = renderRoutes(routes, '/products', { staleTime: Infinity });
    await screen.findByText('Tea 20');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'oldest');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=oldest'));
    await waitFor(() => expect(api.callsTo('/v2/get-product-list').at(-1)?.body.get('sort')).toBe('oldest'));
    expect(api.callsTo('/v2/get-product-list').at(-1)?.body.get('cursor')).toBeNull();
  });

  it("shows the server's message for an unknown category, with a way back to all products", async () => {
    mockIntersectionObserver();
    catalogue();
    renderRoutes(routes, '/products/nowhere', { staleTime: Infinity });
    expect(await screen.findByRole('alert')).toHaveTextContent('This category does not exist');
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/products');
  });
});
