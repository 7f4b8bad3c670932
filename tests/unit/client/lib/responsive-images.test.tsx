import { cleanup, screen, waitFor } from '@testing-library/react';
import type { CartLine } from '../../../../src/client/entities/cart/cart-rules';
import { Gallery } from '../../../../src/client/entities/product/components/Gallery';
import { ProductCard } from '../../../../src/client/entities/product/components/ProductCard';
import { CartLines } from '../../../../src/client/features/cart/components/CartLines';
import { OrderSummary } from '../../../../src/client/features/checkout/components/OrderSummary';
import { HeroCarousel } from '../../../../src/client/features/home/components/HeroCarousel';
import { OrderItems } from '../../../../src/client/features/orders/components/OrderItems';
import { IMAGE_SIZES } from '../../../../src/client/lib/images';
import { card, cartLine, orderDetails, renderRoute, summary } from '../toolkit';

// Uploads are stored at 320/640/1280 px (server/files/images.ts): each image asks for the width its place needs
// (docs/decisions/021), and the seed's SVGs are left alone.

const HASH = 'aa11bb22cc33dd44ee55ff6600112233';
const stored = (w: number, hash = HASH) => `/media/images/${hash}-${w}.webp`;
const SEED = '/images/products/earl-grey.svg';

const imgs = () => [...document.querySelectorAll('img')];
/** Every <img> keeps its box (no layout shift while it loads). */
const expectSized = () => {
  for (const img of imgs()) {
    expect(img.getAttribute('width'), img.outerHTML).toMatch(/^\d+$/);
    expect(img.getAttribute('height'), img.outerHTML).toMatch(/^\d+$/);
  }
};

describe('responsive images', () => {
  afterEach(cleanup);

  it('the hero: 640/1280 with sizes; the first slide eager and high priority, the others lazy and low, once the page is idle', async () => {
    const banner = (id: number, image: string) => ({
      id,
      image,
      title: `B${id}`,
      subtitle: '',
      alt: `Banner ${id}`,
      link: '/products',
    });
    renderRoute(
      <HeroCarousel
        banners={[
          banner(1, stored(1280)),
          banner(2, stored(1280, 'ff'.repeat(16))),
          banner(3, '/images/banners/hero-matcha.svg'),
        ]}
      />,
    );
    // The first banner's image comes with the first screen; the other slides' once the page has loaded and is idle.
    expect(imgs()).toHaveLength(1);
    await waitFor(() => expect(imgs()).toHaveLength(3));
    const [first, second, seed] = imgs();
    expect(first!.getAttribute('src')).toBe(stored(1280));
    expect(first!.getAttribute('srcset')).toBe(`${stored(640)} 640w, ${stored(1280)} 1280w`);
    expect(first!.getAttribute('sizes')).toBe(IMAGE_SIZES.hero);
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(second!.getAttribute('srcset')).toContain(`${stored(640, 'ff'.repeat(16))} 640w`);
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(second!.getAttribute('fetchpriority')).toBe('low');
    expect(seed!.getAttribute('src')).toBe('/images/banners/hero-matcha.svg');
    expect(seed!.hasAttribute('srcset')).toBe(false);
    expect(seed!.getAttribute('fetchpriority')).toBe('low');
    expectSized();
  });

  it('a product card: 320/640 with the grid’s sizes; a seed SVG as it is', () => {
    renderRoute(
      <ul>
        <ProductCard product={card(1, { image: stored(640) })} />
        <ProductCard product={card(2)} />
      </ul>,
    );
    const [upload, seed] = imgs();
    expect(upload!.getAttribute('src')).toBe(stored(640));
    expect(upload!.getAttribute('srcset')).toBe(`${stored(320)} 320w, ${stored(640)} 640w`);
    expect(upload!.getAttribute('sizes')).toBe(IMAGE_SIZES.card);
    expect(seed!.getAttribute('src')).toBe('/images/products/tea-2.svg');
    expect(seed!.hasAttribute('srcset')).toBe(false);
    expect(seed!.hasAttribute('sizes')).toBe(false);
    expectSized();
  });

  it('the product gallery: the large image 640/1280, the thumbnails 320', () => {
    renderRoute(<Gallery images={[stored(640), SEED]} name="Earl Grey" />);
    const main = screen.getByRole('img', { name: 'Earl Grey' });
    expect(main.getAttribute('src')).toBe(stored(1280));
    expect(main.getAttribute('srcset')).toBe(`${stored(640)} 640w, ${stored(1280)} 1280w`);
    expect(main.getAttribute('sizes')).toBe(IMAGE_SIZES.gallery);
    const thumbs = imgs().filter((i) => i.classList.contains('gallery__thumb-image'));
    expect(thumbs.map((t) => t.getAttribute('src'))).toEqual([stored(320), SEED]);
    expectSized();
  });

  it('cart, checkout and order thumbnails ask for 320', () => {
    const input = cartLine({ image: stored(640) });
    const line: CartLine = { ...input, totalPrice: '24.00', index: 0 };
    renderRoute(
      <div>
        <CartLines lines={[line]} />
        <OrderSummary
          summary={summary({ lines: [{ ...summary().lines[0]!, image: stored(640) }] }) as never}
          updating={false}
          failed={false}
          onRetry={() => {}}
        />
        <OrderItems
          order={orderDetails({ items: [{ ...orderDetails().items[0]!, image: stored(1280) }] })}
          onReview={() => {}}
        />
      </div>,
    );
    expect(imgs().map((i) => i.getAttribute('src'))).toEqual([stored(320), stored(320), stored(320)]);
    expectSized();
  });
});
