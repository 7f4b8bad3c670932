import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The focusable elements of `root` a keyboard user reaches with Tab, in order: not inside a hidden, aria-hidden or
 * inert part, drawn (not `display: none` or `visibility: hidden`, where the browser can tell), and of a group of
 * radio buttons only the one Tab stops at (the checked one, else the first). The trap's first and last must be the
 * browser's own first and last stops, or Tab leaves the dialog (docs/decisions/049).
 */
export function focusables(root: HTMLElement): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[aria-hidden="true"], [hidden], [inert]') &&
      !(el instanceof HTMLInputElement && el.type === 'hidden') &&
      // jsdom has no checkVisibility (and draws nothing): there every element counts as drawn.
      (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true })),
  );
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter(
      (o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name,
    );
    return el.checked || (!group.some((o) => o.checked) && group[0] === el);
  });
}

/**
 * Where focus goes when what had it before a dialog is gone (e.g. the order screen opened right after
 * checkout): the screen's title, so keyboard and screen-reader users are not dropped at the top of the page.
 */
export function focusPageTitle(): void {
  const title = document.querySelector<HTMLElement>('main h1');
  if (!title) return;
  if (!title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
  title.focus({ preventScroll: true });
}

/**
 * Where focus goes when a dialog that opened with the page closes (the age gate): the page's first control, so the
 * next Tab goes on from the top of the page (the header), as on any page, not past it (docs/decisions/049).
 */
function focusPageStart(): void {
  focusables(document.body)[0]?.focus({ preventScroll: true });
}

/**
 * Focus handling of a modal (a light focus trap): on open, focus moves inside (`initial` or the first
 * focusable); Tab and Shift+Tab wrap within the dialog; Escape calls `onEscape` (if given); on close,
 * focus returns to what had it before (or, when that is gone, to the screen's title; with `returnTo: 'start'`, to the
 * page's first control).
 */
export function useDialogFocus(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  {
    onEscape,
    initial,
    returnTo = 'opener',
  }: { onEscape?: () => void; initial?: RefObject<HTMLElement | null>; returnTo?: 'opener' | 'start' } = {},
): void {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    // Without scrolling: a dialog is laid over the page, so there is nothing to scroll to, and scrolling into view
    // would make the browser lay out the whole page at once, inside this effect (on a server-rendered first visit,
    // the age gate's focus was part of the hydration's longest task: docs/decisions/026).
    if (root) (initial?.current ?? focusables(root)[0] ?? root).focus({ preventScroll: true });

    const onKeyDown = (e: KeyboardEvent) => {
      const el = ref.current;
      if (!el) return;
      if (e.key === 'Escape' && escapeRef.current) {
        e.preventDefault();
        escapeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(el);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        e.preventDefault();
        el.focus();
        return;
      }
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !el.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !el.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected && previous !== document.body) previous.focus();
      else if (returnTo === 'start') focusPageStart();
      else focusPageTitle();
    };
  }, [open, ref, initial, returnTo]);
}
