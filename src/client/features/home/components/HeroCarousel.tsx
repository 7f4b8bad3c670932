import type { Banner } from '@common/contract/catalog';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HIGH_PRIORITY, IMAGE_SIZES, LOW_PRIORITY, responsiveImage } from '@/lib/images';
import { useHydrated } from '@/lib/ssr/hydrated';
import { lowPerformanceDevice } from '@/lib/telegram/performance';
import { whenIdleAfterLoad } from '@/lib/when-idle';
import type { EmblaApi } from './HeroEmbla';

const AUTOPLAY_MS = 6000;

// Embla loads when the carousel is first used or its autoplay first ticks, not with the first screen
// (docs/decisions/021-first-load.md).
const HeroEmbla = lazy(() => import('./HeroEmbla'));

/** Less motion asked for: no autoplay, and the arrows and dots jump to a slide instead of sliding (docs/decisions/049). */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The hero banners as a carousel (Embla): swipe or arrows, dots with accessible names, autoplay that
 * pauses on hover, on focus, when the tab is hidden, with reduced motion, or by the pause button; no autoplay on
 * Android devices of Telegram's LOW performance class. Embla loads on the first pointer, focus, click or autoplay
 * tick; an arrow or dot pressed meanwhile acts once it is there.
 * The viewport keeps the banners' 12:5 ratio, so nothing shifts while images load.
 */
export function HeroCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('home');
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [embla, setEmbla] = useState<EmblaApi>();
  const pending = useRef<((api: EmblaApi) => void) | null>(null);
  const [selected, setSelected] = useState(0);
  // Autoplay unless the visitor prefers less motion; a server-rendered carousel starts as the server drew it (playing)
  // and reads the preference once hydrated (docs/decisions/022).
  const hydrated = useHydrated();
  const [chosen, setPlaying] = useState<boolean | null>(null);
  const playing = chosen ?? (!hydrated || (!prefersReducedMotion() && !lowPerformanceDevice()));
  const [hovered, setHovered] = useState(false);
  const total = banners.length;
  const [idle, setIdle] = useState(false);
  const othersShown = idle || wanted;
  const options = useMemo(() => ({ loop: total > 1, duration: 28 }), [total]);

  /** Runs `move` on Embla now, or once it has loaded. */
  const withEmbla = useCallback(
    (move: (api: EmblaApi) => void) => {
      if (embla) {
        move(embla);
      } else {
        pending.current = move;
        setWanted(true);
      }
    },
    [embla],
  );
  const want = () => setWanted(true);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    pending.current?.(embla);
    pending.current = null;
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (total < 2) return;
    return whenIdleAfterLoad(() => setIdle(true));
  }, [total]);

  useEffect(() => {
    if (!playing || hovered || total < 2) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') withEmbla((api) => api.scrollNext(prefersReducedMotion()));
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [withEmbla, playing, hovered, total]);

  return (
    <section
      className="home-hero"
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      onPointerEnter={want}
      onPointerDown={want}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        want();
        setHovered(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div className="home-hero__viewport" ref={setViewport}>
        <div className="home-hero__track" aria-live={playing && !hovered ? 'off' : 'polite'}>
          {banners.map((b, i) => renderSlide(t, b, i, total, i === selected, othersShown))}
        </div>
      </div>
      {wanted && viewport && (
        <Suspense fallback={null}>
          <HeroEmbla viewport={viewport} options={options} onReady={setEmbla} />
        </Suspense>
      )}
      {total > 1 && renderControls(t, banners, selected, playing, withEmbla, setPlaying)}
    </section>
  );
}

// The slides and the controls are drawn by functions called in HeroCarousel's render, not by components: the hero is
// on a server-rendered first screen (docs/decisions/022), and this way its component tree, its hydration and its
// chunk's size stay what they were when HeroCarousel drew them itself.

/**
 * Slide `i` of `total`: its banner as a link (focusable only when `current`); the first slide's image comes with the
 * first screen, the others' once `othersShown` (docs/decisions/026).
 */
function renderSlide(
  t: TFunction<'home'>,
  b: Banner,
  i: number,
  total: number,
  current: boolean,
  othersShown: boolean,
) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group, not a form fieldset
    <div
      key={b.id}
      className="home-hero__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={t('hero.slide', { n: i + 1, total })}
      aria-hidden={!current}
    >
      <Link to={b.link} className="home-hero__link" tabIndex={current ? 0 : -1}>
        {(i === 0 || othersShown) && (
          <img
            {...responsiveImage(b.image, [640, 1280], IMAGE_SIZES.hero)}
            alt={b.alt}
            width={1200}
            height={500}
            loading={i === 0 ? 'eager' : 'lazy'}
            {...(i === 0 ? HIGH_PRIORITY : LOW_PRIORITY)}
          />
        )}
        <span className="home-hero__text">
          <strong>{b.title}</strong>
          <span>{b.subtitle}</span>
          <span className="home-hero__cta">{t('hero.shopNow')} →</span>
        </span>
      </Link>
    </div>
  );
}

/** Previous, a dot per slide, next, and pause/play (the autoplay's state, pressed when paused). */
function renderControls(
  t: TFunction<'home'>,
  banners: Banner[],
  selected: number,
  playing: boolean,
  withEmbla: (move: (api: EmblaApi) => void) => void,
  setPlaying: (playing: boolean) => void,
) {
  const total = banners.length;
  return (
    <div className="home-hero__controls">
      <button
        type="button"
        className="home-hero__arrow"
        aria-label={t('hero.previous')}
        onClick={() => withEmbla((api) => api.scrollPrev(prefersReducedMotion()))}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div className="home-hero__dots">
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            className={`home-hero__dot${i === selected ? ' home-hero__dot--on' : ''}`}
            aria-label={t('hero.goTo', { n: i + 1, total })}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => withEmbla((api) => api.scrollTo(i, prefersReducedMotion()))}
          />
        ))}
      </div>
      <button
        type="button"
        className="home-hero__arrow"
        aria-label={t('hero.next')}
        onClick={() => withEmbla((api) => api.scrollNext(prefersReducedMotion()))}
      >
        <span aria-hidden="true">›</span>
      </button>
      <button
        type="button"
        className="home-hero__arrow home-hero__play"
        aria-label={playing ? t('hero.pause') : t('hero.play')}
        aria-pressed={!playing}
        onClick={() => setPlaying(!playing)}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
    </div>
  );
}
