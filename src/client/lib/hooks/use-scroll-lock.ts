import { useEffect } from 'react';

// Several overlays can be open at once (age gate over the menu, …): the page stays locked until the last closes.
let locks = 0;
let saved = { overflow: '', paddingRight: '' };

function lock() {
  if (locks++ > 0) return;
  const body = document.body;
  saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // Keep the layout from jumping when the scrollbar disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.style.overflow = 'hidden';
}

function unlock() {
  if (locks === 0 || --locks > 0) return;
  document.body.style.overflow = saved.overflow;
  document.body.style.paddingRight = saved.paddingRight;
}

/** Locks page scrolling while `active` (age gate, side menu: docs/product.md §2). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lock();
    return unlock;
  }, [active]);
}
