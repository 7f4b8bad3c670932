import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HIGH_PRIORITY, IMAGE_SIZES, responsiveImage } from '@/lib/images';
import '../locales';
import '../product.css';
import { Thumbnail } from '@/lib/ui/Thumbnail';

/**
 * The product's images: a large one and, when there are several, thumbnails to switch it. `alts`: each image's alt
 * text (same index); an empty one falls back to the product's name.
 */
export function Gallery({ images, alts, name }: { images: string[]; alts?: string[]; name: string }) {
  const { t } = useTranslation('product');
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <section className="gallery" aria-label={t('gallery.label')}>
      <div className="gallery__main">
        {current && (
          <img
            className="gallery__image"
            {...responsiveImage(current, [640, 1280], IMAGE_SIZES.gallery)}
            alt={alts?.[index] || name}
            width={600}
            height={600}
            {...HIGH_PRIORITY}
          />
        )}
      </div>
      {images.length > 1 && (
        <div className="gallery__thumbs">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              className={`gallery__thumb${i === index ? ' gallery__thumb--active' : ''}`}
              aria-label={t('gallery.showImage', { n: i + 1, total: images.length })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              <Thumbnail className="gallery__thumb-image" src={src} size={72} />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
