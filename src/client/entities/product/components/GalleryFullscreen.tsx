import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/lib/icons';
import { responsiveImage } from '@/lib/images';
import '../locales';
import './gallery-fullscreen.css';

/**
 * The product's images over the whole page while the Mini App is in Telegram's full screen (Gallery.tsx,
 * docs/decisions/053): the chosen one at its largest rendition, previous and next, and a close button that leaves full
 * screen. Kept clear of the phone's notch and Telegram's controls by the safe areas (`--safe-*`, app/styles.css).
 */
export default function GalleryFullscreen({
  images,
  alts,
  name,
  index,
  onIndex,
  onClose,
}: {
  images: string[];
  alts?: string[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('product');
  const close = useRef<HTMLButtonElement>(null);
  const current = images[index] ?? images[0];
  const several = images.length > 1;

  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (several && e.key === 'ArrowRight') onIndex((index + 1) % images.length);
      else if (several && e.key === 'ArrowLeft') onIndex((index - 1 + images.length) % images.length);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, onIndex, index, images.length, several]);

  return (
    <div className="gallery-full" role="dialog" aria-modal="true" aria-label={t('gallery.label')}>
      <button
        ref={close}
        type="button"
        className="gallery-full__close"
        aria-label={t('gallery.exitFullScreen')}
        onClick={onClose}
      >
        <CloseIcon size={22} />
      </button>
      {current && (
        <img
          className="gallery-full__image"
          {...responsiveImage(current, [640, 1280], '100vw')}
          alt={alts?.[index] || name}
        />
      )}
      {several && (
        <div className="gallery-full__nav">
          <button
            type="button"
            className="gallery-full__step"
            aria-label={t('gallery.previous')}
            onClick={() => onIndex((index - 1 + images.length) % images.length)}
          >
            <ChevronLeftIcon size={22} />
          </button>
          <span className="gallery-full__count">{t('gallery.position', { n: index + 1, total: images.length })}</span>
          <button
            type="button"
            className="gallery-full__step"
            aria-label={t('gallery.next')}
            onClick={() => onIndex((index + 1) % images.length)}
          >
            <ChevronRightIcon size={22} />
          </button>
        </div>
      )}
    </div>
  );
}
