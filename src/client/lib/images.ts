import { type ImageWidth, renditionAt, renditionBase } from '@common/image-renditions';

/**
 * Responsive images (docs/decisions/021, 026). Uploads and the seeded catalogue's drawings are served as WebP at 320,
 * 640 and 1280 px (`@common/image-renditions`); an answer names one of them (a card's 640, a banner's 1280). From that
 * one URL the client derives the others, for `srcSet`. Any other URL (an outside link, an SVG) is left as it is, with
 * no `srcSet`.
 */

export type { ImageWidth };

// React 18 does not know `fetchPriority`; the lower-case HTML attribute works everywhere it is supported.
/** The first screen's main image (the LCP): fetched before anything else. */
export const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;
/** Images fetched although lazy (the hero's other slides sit in its track): after the first screen's. */
export const LOW_PRIORITY = { fetchpriority: 'low' } as Record<string, string>;

/** The URL of `url` at `width` when it is served in the three widths; any other URL unchanged. */
export const imageAt = renditionAt;

/** What an `<img>` needs to load the right width: `src` (the largest of `widths`), `srcSet` and `sizes`. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`, `srcSet` (`…-640.webp 640w, …-1280.webp 1280w`) and `sizes` of an image served in three widths, so the
 * browser fetches the width its layout and screen need; for any other URL only `src` (an SVG scales by itself).
 */
export function responsiveImage(url: string, widths: readonly ImageWidth[], sizes: string): ResponsiveImage {
  if (!renditionBase(url)) return { src: url };
  const largest = Math.max(...widths) as ImageWidth;
  return {
    src: renditionAt(url, largest),
    srcSet: widths.map((w) => `${renditionAt(url, w)} ${w}w`).join(', '),
    sizes,
  };
}

/**
 * How wide each kind of image is laid out (CSS px), for `sizes`: `.page` is at most 1120 px with 16 px padding
 * (app/styles.css); the product grid has 2 columns 12 px apart, 3 from 640 px, 4 (20 px apart) from 960 px
 * (entities/product/product.css); the product page's gallery is the left half (40 px gap) from 860 px
 * (features/catalog/catalog.css).
 */
export const IMAGE_SIZES = {
  hero: '(min-width: 1120px) 1088px, calc(100vw - 32px)',
  card: '(min-width: 1120px) 257px, (min-width: 960px) calc(25vw - 23px), (min-width: 640px) calc(33.3vw - 19px), calc(50vw - 22px)',
  gallery: '(min-width: 1120px) 524px, (min-width: 860px) calc(50vw - 36px), calc(100vw - 32px)',
} as const;
