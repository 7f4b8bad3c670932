import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandIcon } from '@/lib/icons';
import { HIGH_PRIORITY, IMAGE_SIZES, responsiveImage } from '@/lib/images';
import { useTelegramFullscreen } from '@/lib/telegram/fullscreen';
import '../locales';
import '../product.css';
import { Thumbnail } from '@/lib/ui/Thumbnail';

/** Loaded when full screen is first asked for (docs/decisions/053): nothing of it on the page's first load. */
const GalleryFullscreen = lazy(() => import('./GalleryFullscreen'));

/**
 * The product's images: a large one and, when there are several, thumbnails to switch it. `alts`: each image's alt
 * text (same index); an empty one falls back to the product's name. Inside Telegram 8.0+, a full-screen button puts the
 * Mini App in Telegram's full screen and shows the images over the page (docs/decisions/053); leaving full screen (the
 * viewer's close button, or Telegram's own controls) closes them. In a browser the gallery is as it was.
 */
export function Gallery({ images, alts, name }: { images: string[]; alts?: string[]; name: string }) {
  const { t } = useTranslation('product');
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  const fullscreen = useTelegramFullscreen();
  /** The viewer is open; `entered`: it put the app in full screen (and takes it out again on close). */
  const [viewer, setViewer] = useState<null | { entered: boolean }>(null);

  // Telegram left full screen (its own controls, or the viewer's close): the viewer closes with it.
  useEffect(() => {
    if (!fullscreen.active) setViewer(null);
  }, [fullscreen.active]);

  const openViewer = async () => {
    if (fullscreen.active) {
      setViewer({ entered: false });
      return;
    }
    setViewer({ entered: true });
    if (!(await fullscreen.enter())) setViewer(null);
  };
  const closeViewer = () => {
    if (viewer?.entered) void fullscreen.exit();
    setViewer(null);
  };

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
        {fullscreen.available && current && (
          <button
            type="button"
            className="gallery__fullscreen"
            aria-label={t('gallery.fullScreen')}
            onClick={() => void openViewer()}
          >
            <ExpandIcon size={20} />
          </button>
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
      {viewer && fullscreen.active && (
        <Suspense fallback={null}>
          <GalleryFullscreen
            images={images}
            alts={alts}
            name={name}
            index={index}
            onIndex={setIndex}
            onClose={closeViewer}
          />
        </Suspense>
      )}
    </section>
  );
}
