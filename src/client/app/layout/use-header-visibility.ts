import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/lib/ssr/hydrated';

/**
 * docs/product.md §2: the header hides/shows on screens at least 769 px wide; shown within 20 px of the top;
 * transparent under 10 px.
 */
export const WIDE_MIN_WIDTH = 769;
export const HIDE_THRESHOLD = 20;
export const TRANSPARENT_THRESHOLD = 10;
const WIDE_QUERY = `(min-width: ${WIDE_MIN_WIDTH}px)`;

interface HeaderVisibility {
  hidden: boolean;
  transparent: boolean;
}

/**
 * The header's state after a scroll from `prevY` to `y` (pure, so it is tested on its own).
 * Narrow screens: always shown and opaque. Wide screens: shown within 20 px of the top, hidden while
 * scrolling down, shown while scrolling up, unchanged when the position did not move; transparent under 10 px.
 * `pinned` (a menu of the header is open) keeps it shown.
 */
export function nextHeaderVisibility(
  prev: HeaderVisibility,
  prevY: number,
  y: number,
  { wide, pinned = false }: { wide: boolean; pinned?: boolean },
): HeaderVisibility {
  if (!wide) return { hidden: false, transparent: false };
  const transparent = y < TRANSPARENT_THRESHOLD;
  let hidden: boolean;
  if (pinned || y <= HIDE_THRESHOLD) hidden = false;
  else if (y > prevY) hidden = true;
  else if (y < prevY) hidden = false;
  else hidden = prev.hidden;
  return { hidden, transparent };
}

const matchesWide = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(WIDE_QUERY).matches;

/** Whether the screen is at least 769 px wide, following resizes. */
function useIsWide(): boolean {
  // While hydrating a server-rendered page, start as the server did (narrow); the effect below then reads the screen.
  const hydrated = useHydrated();
  const [wide, setWide] = useState(() => hydrated && matchesWide());
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(WIDE_QUERY);
    const onChange = () => setWide(mq.matches);
    onChange();
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/** Follows the page scroll (at most once per animation frame) and says whether the header is hidden or transparent. */
export function useHeaderVisibility({ pinned = false }: { pinned?: boolean } = {}): HeaderVisibility {
  const wide = useIsWide();
  const [state, setState] = useState<HeaderVisibility>(() =>
    nextHeaderVisibility({ hidden: false, transparent: false }, 0, typeof window === 'undefined' ? 0 : window.scrollY, {
      wide,
    }),
  );
  const lastY = useRef(typeof window === 'undefined' ? 0 : window.scrollY);
  const options = useRef({ wide, pinned });
  options.current = { wide, pinned };

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const prevY = lastY.current;
      const opts = options.current;
      setState((prev) => {
        const next = nextHeaderVisibility(prev, prevY, y, opts);
        return next.hidden === prev.hidden && next.transparent === prev.transparent ? prev : next;
      });
      lastY.current = y;
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  // A change of width or an opened menu applies at once, without waiting for a scroll.
  useEffect(() => {
    const y = Math.max(0, window.scrollY);
    setState((prev) => {
      const next = nextHeaderVisibility(prev, y, y, { wide, pinned });
      return next.hidden === prev.hidden && next.transparent === prev.transparent ? prev : next;
    });
  }, [wide, pinned]);

  return state;
}
