import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '../../../../src/client/app/layout/Header';
import ProductListPage from '../../../../src/client/features/catalog/pages/ProductListPage';
import { card, mockApi, mockIntersectionObserver, renderRoutes } from '../toolkit';
import { CATEGORIES, TAGS } from '../toolkit/fixtures/shell';

/** The list answers `q`: "oolong" finds two products, anything else none; records each call. */
function searchApi() {
  return mockApi({
    '/v2/get-category': () => ({ data: { categories: CATEGORIES } }),
    '/v2/get-tags': () => ({ data: { tags: TAGS } }),
    '/v2/get-product-list': (body) => {
      const q = body.get('q');
      const products = !q || q.toLowerCase() === 'oolong' ? [card(1, { name: 'Tieguanyin Oolong' }), card(2)] : [];
      return {
        data: {
          products,
          next_cursor: null,
          sort: body.get('sort') ?? 'newest',
          category: body.get('category') ? { id: 3, slug: 'green-tea', name: 'Green tea' } : null,
          tag: null,
        },
      };
    },
  });
}

/** The header over the list routes, as the app lays them out. */
const routes = [
  { path: '/', element: <Header /> },
  {
    path: '/products',
    element: (
      <>
        <Header />
        <ProductListPage />
      </>
    ),
  },
  {
    path: '/products/:categoryId',
    element: (
      <>
        <Header />
        <ProductListPage />
      </>
    ),
  },
];

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  cleanup();
});

describe('search in the header', () => {
  it('is a labelled search landmark; Enter opens /products?q=… and the list asks the server with q', async () => {
    mockIntersectionObserver();
    const api = searchApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const landmark = screen.getByRole('search', { name: 'Search' });
    const field = within(landmark).getByRole('searchbox', { name: 'Search' });
    await user.type(field, '  oolong {Enter}');
    await waitFor(() => expect(location()).toBe('/products?q=oolong'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “oolong”' })).toBeInTheDocument();
    expect(await screen.findByText('Tieguanyin Oolong')).toBeInTheDocument();
    const call = api.callsTo('/v2/get-product-list').at(-1)!;
    expect(call.body.get('q')).toBe('oolong');
    // The field shows the search on screen.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('oolong');
  });

  it('clears the field with Escape, and opens nothing for blank text', async () => {
    searchApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const field = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(field, 'oolong');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    await user.type(field, '   {Enter}');
    await waitFor(() => expect(location()).toBe('/products'));
  });

  it('on a category list, searches within it and keeps the sort', async () => {
    mockIntersectionObserver();
    const api = searchApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/products/green-tea?sort=oldest');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'oolong{Enter}');
    await waitFor(() => expect(location()).toBe('/products/green-tea?sort=oldest&q=oolong'));
    await waitFor(() => expect(api.callsTo('/v2/get-product-list').at(-1)!.body.get('q')).toBe('oolong'));
    const call = api.callsTo('/v2/get-product-list').at(-1)!;
    expect(call.body.get('category')).toBe('green-tea');
    expect(call.body.get('sort')).toBe('oldest');
    expect(await screen.findByText('In Green tea')).toBeInTheDocument();
  });

  it('is in the mobile menu too: Escape clears the field (the menu stays), Enter searches and closes the menu', async () => {
    mockIntersectionObserver();
    searchApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The side menu is its own chunk (docs/plans/015 §2): its first load may take a while on a busy machine.
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 10_000 });
    const field = within(within(menu).getByRole('search', { name: 'Search' })).getByRole('searchbox', {
      name: 'Search',
    });
    await user.type(field, 'matcha');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await user.type(field, '乌龙{Enter}');
    await waitFor(() => expect(location()).toBe(`/products?q=${encodeURIComponent('乌龙')}`));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('is labelled 搜索 in Chinese', async () => {
    searchApi();
    renderRoutes(routes, '/', { lang: 'zh' });
    expect(screen.getByRole('search', { name: '搜索' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '搜索' })).toBeInTheDocument();
  });
});

describe('search results on the list page', () => {
  it('says no product matches, and Clear search goes back to the list without q', async () => {
    mockIntersectionObserver();
    const api = searchApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/products?q=xyzzy%25');
    expect(await screen.findByText('No products match “xyzzy%”')).toBeInTheDocument();
    expect(screen.queryByText('No products here yet.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All products' })).toBeInTheDocument();
    expect(api.callsTo('/v2/get-product-list').at(-1)!.body.get('q')).toBeNull();
  });

  it('offers a search of every product when a filtered search finds nothing', async () => {
    mockIntersectionObserver();
    searchApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/products/green-tea?q=matcha');
    expect(await screen.findByText('No products match “matcha”')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Search all products' }));
    await waitFor(() => expect(location()).toBe('/products?q=matcha'));
  });

  it('says it in Chinese', async () => {
    mockIntersectionObserver();
    searchApi();
    renderRoutes(routes, '/products?q=%E9%B2%B2', { lang: 'zh' });
    expect(await screen.findByText('没有与“鲲”匹配的商品')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清除搜索' })).toBeInTheDocument();
  });
});
