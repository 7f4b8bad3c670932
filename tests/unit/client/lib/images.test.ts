import { IMAGE_SIZES, imageAt, responsiveImage } from '../../../../src/client/lib/images';

const HASH = '0123456789abcdef0123456789abcdef';
const stored = (w: number) => `/media/images/${HASH}-${w}.webp`;

describe('responsive images of uploads (lib/images.ts)', () => {
  it('gives a stored upload at another width', () => {
    expect(imageAt(stored(640), 320)).toBe(stored(320));
    expect(imageAt(stored(1280), 640)).toBe(stored(640));
    expect(imageAt(stored(320), 1280)).toBe(stored(1280));
  });

  it('leaves any other URL as it is', () => {
    for (const url of [
      '/images/products/earl-grey.svg',
      '/images/banners/hero-matcha.svg',
      'https://cdn.example.com/media/images/x-640.webp',
      `/media/images/${HASH}-800.webp`,
      `/media/images/${HASH.slice(1)}-640.webp`,
      `/media/images/${HASH}-640.jpg`,
      `/media/images/${HASH}-640.webp?v=1`,
      '/images/products/earl-grey-800.webp',
      '/images/other/earl-grey-640.webp',
      '/images/products/../../secret-640.webp',
    ]) {
      expect(imageAt(url, 320)).toBe(url);
      expect(responsiveImage(url, [320, 640], IMAGE_SIZES.card)).toEqual({ src: url });
    }
  });

  it('gives a seeded drawing at another width: it ships the same three WebP widths beside its SVG', () => {
    const seeded = (w: number) => `/images/products/earl-grey-${w}.webp`;
    expect(imageAt(seeded(640), 320)).toBe(seeded(320));
    expect(imageAt('/images/banners/hero-matcha-1280.webp', 640)).toBe('/images/banners/hero-matcha-640.webp');
    expect(responsiveImage(seeded(640), [320, 640], 'x')).toEqual({
      src: seeded(640),
      srcSet: `${seeded(320)} 320w, ${seeded(640)} 640w`,
      sizes: 'x',
    });
  });

  it('lists the asked widths of a stored upload as srcSet, with sizes, and the largest as src', () => {
    expect(responsiveImage(stored(1280), [640, 1280], IMAGE_SIZES.hero)).toEqual({
      src: stored(1280),
      srcSet: `${stored(640)} 640w, ${stored(1280)} 1280w`,
      sizes: IMAGE_SIZES.hero,
    });
    expect(responsiveImage(stored(640), [320, 640], 'x')).toEqual({
      src: stored(640),
      srcSet: `${stored(320)} 320w, ${stored(640)} 640w`,
      sizes: 'x',
    });
  });
});
