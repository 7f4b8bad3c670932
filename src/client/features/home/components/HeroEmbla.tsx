import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;
export type EmblaOptions = Parameters<typeof useEmblaCarousel>[0];

/**
 * Embla on the hero's viewport, loaded on demand (docs/decisions/021: not in the first load of /). HeroCarousel
 * renders this once the carousel is touched, hovered, focused, clicked or its autoplay ticks; until then CSS lays out
 * the slides the same way, so nothing moves when Embla starts.
 */
export default function HeroEmbla({
  viewport,
  options,
  onReady,
}: {
  viewport: HTMLElement;
  options: EmblaOptions;
  onReady(api: EmblaApi | undefined): void;
}) {
  const [attach, api] = useEmblaCarousel(options);
  useEffect(() => {
    attach(viewport);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}
