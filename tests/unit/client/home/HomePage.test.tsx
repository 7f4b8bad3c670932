import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HomePage from '../../../../src/client/features/home/pages/HomePage';
import { card, mockApi, mockIntersectionObserver, renderRoutes } from '../toolkit';

const banners = [1, 2, 3].map((id) => ({
  id,
  image: `/images/banners/b${id}.svg`,
  title: `Banner ${id}`,
  subtitle: `Subtitle ${id}`,
  link: `/products/cat-${id}`,
}));

describe('HomePage', () => {
  beforeEach(() => {
    mockIntersectionObserver();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      onchange: null,
      dispatchEvent: () => false,
    }));
  });

  it('shows the hero banners as a carousel with named dots, and the Best Sellers from the API', async () => {
    const api = mockApi({
      '/v2/get-banners': () => ({ data: { banners } }),
      '/v2/get-product-list': () => ({
        data: {
          products: [card(11, { name: 'Masala Chai' }), card(12, { name: 'Sencha' })],
          next_cursor: null,
          sort: 'newest',
          category: { id: 1, slug: 'best-sellers', name: 'BEST SELLERS' },
          tag: null,
        },
      }),
    });
    renderRoutes([{ path: '/', Component: HomePage }], '/', { staleTime: Infinity });
    const carousel = await screen.findByRole('region', { name: 'Featured' });
    expect(within(carousel).getAllByRole('group', { hidden: true })).toHaveLength(3);
    expect(within(carousel).getByRole('link', { name: /Banner 1/ })).toHaveAttribute('href', '/products/cat-1');
    for (const n of [1, 2, 3]) {
      expect(within(carousel).getByRole('button', { name: `Show slide ${n} of 3` })).toBeInTheDocument();
    }
    expect(within(carousel).getByRole('button', { name: 'Show slide 1 of 3' })).toHaveAttribute('aria-current', 'true');
    expect(within(carousel).getByRole('button', { name: 'Pause the slideshow' })).toBeInTheDocument();
    const img = carousel.querySelector('img')!;
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '500');

    const best = await screen.findByRole('region', { name: 'Best Sellers' });
    expect(await within(best).findByRole('link', { name: /Masala Chai/ })).toHaveAttribute('href', '/details/11');
    expect(within(best).getByRole('link', { name: /Sencha/ })).toHaveAttribute('href', '/details/12');
    const list = api.callsTo('/v2/get-product-list')[0]!;
    expect(list.body.get('category')).toBe('best-sellers');
    expect(list.body.get('limit')).toBe('8');
  });

  /** The home page with the three banners and no Best Sellers; resolves to the carousel. */
  const showCarousel = () => {
    mockApi({
      '/v2/get-banners': () => ({ data: { banners } }),
      '/v2/get-product-list': () => ({
        data: { products: [], next_cursor: null, sort: 'newest', category: null, tag: null },
      }),
    });
    renderRoutes([{ path: '/', Component: HomePage }], '/', { staleTime: Infinity });
    return screen.findByRole('region', { name: 'Featured' });
  };

  // docs/decisions/021: Embla loads on first use; an arrow pressed before it is there still moves the carousel.
  it('moves to the next slide when Next is pressed before the carousel code has loaded', async () => {
    const carousel = await showCarousel();
    await userEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    await waitFor(() =>
      expect(within(carousel).getByRole('button', { name: 'Show slide 2 of 3' })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
  });

  it("does not auto-play on an Android device of Telegram's LOW performance class", async () => {
    const ua = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 Telegram-Android/11.2.3 (Samsung SM-A125F; Android 12; SDK 31; LOW)',
      );
    const carousel = await showCarousel();
    expect(within(carousel).getByRole('button', { name: 'Play the slideshow' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    ua.mockRestore();
  });

  it('offers a retry when the banners fail', async () => {
    mockApi({
      '/v2/get-banners': () => ({ status: 503, message: 'down' }),
      '/v2/get-product-list': () => ({
        data: { products: [], next_cursor: null, sort: 'newest', category: null, tag: null },
      }),
    });
    renderRoutes([{ path: '/', Component: HomePage }], '/', { staleTime: Infinity });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
