import { useEffect, useRef } from 'react';

/**
 * Calls `onNearEnd` when the returned sentinel element comes within `margin` of the viewport
 * (IntersectionObserver), so the next page loads before the reader reaches the end.
 */
export function useNearEnd<T extends Element>(onNearEnd: () => void, enabled: boolean, margin = '800px') {
  const ref = useRef<T | null>(null);
  const callback = useRef(onNearEnd);
  callback.current = onNearEnd;
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
