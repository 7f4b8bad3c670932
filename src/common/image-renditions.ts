/**
 * An image the shop serves in several widths (docs/decisions/021, 026): every uploaded image is stored as WebP at 320,
 * 640 and 1280 px under its content hash (`/media/images/<hash>-<width>.webp`, server/files/images.ts), and the seeded
 * catalogue's drawings ship the same three widths beside their SVG source (`/images/<folder>/<name>-<width>.webp`,
 * scripts/generate-images.mjs). An answer names one width; the other two are found by changing the number. Any other
 * URL (an outside link, an SVG) has one width only.
 */

export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const RENDITION =
  /^(\/(?:media\/images\/[0-9a-f]{32}|images\/(?:products|banners)\/[a-z0-9-]+))-(?:320|640|1280)\.webp$/;

/** The URL without its width (`/media/images/<hash>`), or null when `url` is not an image served in the three widths. */
export function renditionBase(url: string): string | null {
  return RENDITION.exec(url)?.[1] ?? null;
}

/** The URL of `url` at `width` when it is served in the three widths; any other URL unchanged. */
export function renditionAt(url: string, width: ImageWidth): string {
  const base = renditionBase(url);
  return base ? `${base}-${width}.webp` : url;
}
