import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '../../../../src/client/app/layout/Header';
import ProductListPage from '../../../../src/client/features/catalog/pages/ProductListPage';
import { mockApi, mockIntersectionObserver, renderRoutes } from '../toolkit';
import { CATEGORIES, TAGS } from '../toolkit/fixtures/shell';

/**
 * Search text cut at the server's 100 UTF-16 units never ends in half an emoji (a review of docs/decisions/017's
 * search).
 */
function listApi() {
  return mockApi({
    '/v2/get-category': () => ({ data: { categories: CATEGORIES } }),
    '/v2/get-tags': () => ({ data: { tags: TAGS } }),
    '/v2/get-product-list': (body) => ({
      data: { products: [], next_cursor: null, sort: body.get('sort') ?? 'newest', category: null, tag: null },
    }),
  });
}

const page = (
  <>
    <Header />
    <ProductListPage />
  </>
);
const routes = [
  { path: '/', element: <Header /> },
  { path: '/products', element: page },
];

afterEach(() => {
  cleanup();
});

describe('long search text', () => {
  it('from the URL is cut before an emoji that would be split, not in its middle', async () => {
    mockIntersectionObserver();
    const api = listApi();
    renderRoutes(routes, `/products?q=${encodeURIComponent(`${'x'.repeat(99)}😀`)}`);
    await waitFor(() => expect(api.callsTo('/v2/get-product-list').length).toBeGreaterThan(0));
    expect(api.callsTo('/v2/get-product-list').at(-1)!.body.get('q')).toBe('x'.repeat(99));
  });

  it('typed in the field is cut the same way', async () => {
    mockIntersectionObserver();
    listApi();
    const user = userEvent.setup();
    renderRoutes(routes, '/');
    const field = screen.getByRole('searchbox', { name: 'Search' });
    // Pasted text is not cut by maxLength in jsdom: the submit cuts it.
    await user.click(field);
    await user.paste(`${'y'.repeat(99)}😀`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/products?q=${'y'.repeat(99)}`));
  });
});
