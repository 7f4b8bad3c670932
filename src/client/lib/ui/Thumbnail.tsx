import { imageAt } from '@/lib/images';

/**
 * A product's small picture beside its name (cart, checkout, orders, subscriptions, the gallery's thumbnails): the
 * 320 px rendition, decorative (the name says what it is), square, loaded lazily.
 */
export function Thumbnail({ src, className, size }: { src: string; className: string; size: number }) {
  return <img className={className} src={imageAt(src, 320)} alt="" width={size} height={size} loading="lazy" />;
}
