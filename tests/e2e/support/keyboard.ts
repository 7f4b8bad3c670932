import type { Locator, Page } from 'playwright-core';

// Keyboard-only journeys (docs/decisions/049): moving focus with Tab / Shift+Tab and checking, at every stop, that
// the focused element shows where focus is, in a colour that stands out from what is around it.

/** What has focus, as the checks and the failure messages see it. */
export interface Focused {
  /** e.g. `BUTTON "Add to cart"`, `A "/details/3"`, `BODY`. */
  label: string;
  /** Its tag, type, classes and ring styles, for a failure's message. */
  detail?: string;
  /** Whether a focus ring is drawn: an outline (on the element or the field around it) or a box-shadow ring. */
  ring: boolean;
  /** The ring's contrast with the background behind it (1–21), when the ring is an outline of a solid colour. */
  contrast: number | null;
  /** The element's box in the viewport. */
  top: number;
  bottom: number;
  /** Whether the element is drawn (not display:none, not zero-sized). */
  shown: boolean;
}

/** Reads what has focus now (the page's own active element, not inside an iframe). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { label: 'BODY', ring: false, contrast: null, top: 0, bottom: 0, shown: false };
    const rgb = (c: string) => {
      const m = c.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/);
      return m ? { r: +m[1]!, g: +m[2]!, b: +m[3]!, a: m[4] === undefined ? 1 : +m[4] } : null;
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    /** The first opaque background behind `from` (the page's own colour when none is set). */
    const backdrop = (from: Element | null) => {
      for (let n = from; n; n = n.parentElement) {
        const c = rgb(getComputedStyle(n).backgroundColor);
        if (c && c.a >= 0.9) return c;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const outlineOf = (n: Element) => {
      const s = getComputedStyle(n);
      return s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 1 ? rgb(s.outlineColor) : null;
    };
    // The ring: the element's own outline or box-shadow, or the outline of the field it sits in (a search field
    // draws the ring around its input and button: `:has(:focus-visible)`).
    const own = getComputedStyle(el);
    const wrapper = el.parentElement;
    const outline = outlineOf(el) ?? (wrapper ? outlineOf(wrapper) : null);
    const shadow = own.boxShadow !== 'none' && !own.boxShadow.includes('inset') ? own.boxShadow : null;
    const insetShadow = own.boxShadow.includes('inset') ? own.boxShadow : null;
    const ratio = (x: { r: number; g: number; b: number }, y: { r: number; g: number; b: number }) => {
      const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p) as [number, number];
      return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100;
    };
    let contrast: number | null = null;
    if (outline) {
      contrast = ratio(outline, backdrop(outlineOf(el) ? el.parentElement : (wrapper?.parentElement ?? null)));
      // A two-tone ring (an outline and a ring of another colour beside it, on the element or its ::after, over a
      // picture): what counts is how the two stand apart (WCAG technique C40).
      for (const second of [own.boxShadow, getComputedStyle(el, '::after').boxShadow]) {
        const c = second && second !== 'none' ? rgb(second) : null;
        if (c) contrast = Math.max(contrast, ratio(outline, c));
      }
    }
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return {
      label: `${el.tagName} "${name || el.getAttribute('href') || el.getAttribute('name') || el.id}"`,
      detail: `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}.${el.className} outline ${own.outlineStyle} ${own.outlineWidth} box-shadow ${own.boxShadow} :focus ${el.matches(':focus')} :focus-visible ${el.matches(':focus-visible')}`,
      ring: Boolean(outline || shadow || insetShadow),
      contrast,
      top: r.top,
      bottom: r.bottom,
      shown: r.width > 0 && r.height > 0,
    };
  });
}

/** The heights of what stays fixed over the page at the top and bottom (the shop's header), in px. */
const fixedEdges = (page: Page) =>
  page.evaluate(() => {
    let top = 0;
    let bottom = window.innerHeight;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const s = getComputedStyle(el);
      if (s.position !== 'fixed' && s.position !== 'sticky') continue;
      if (s.visibility === 'hidden' || s.display === 'none') continue;
      // Focus inside the bar itself (the header's links) is on it, not under it.
      if (el.contains(document.activeElement)) continue;
      const r = el.getBoundingClientRect();
      // Only bars across the page (a header, a bottom bar), not a dialog's overlay or a toast.
      if (r.width < window.innerWidth * 0.9 || r.height > window.innerHeight / 3 || r.height === 0) continue;
      if (r.top <= 0 && r.bottom > top && r.bottom < window.innerHeight / 3) top = r.bottom;
      if (r.bottom >= window.innerHeight && r.top < bottom && r.top > (window.innerHeight * 2) / 3) bottom = r.top;
    }
    return { top, bottom };
  });

/**
 * Fails unless focus is on a drawn element with a focus ring whose contrast is at least 3:1 (WCAG 2.2 1.4.11 and
 * 2.4.7), and, when `unobscured`, not under the fixed header (2.4.11, focus not obscured). Resolves to what has focus.
 */
export async function expectVisibleFocus(page: Page, { unobscured = true } = {}): Promise<Focused> {
  const now = await focused(page);
  expect(now.shown, `focus on ${now.label}: not drawn`).toBe(true);
  expect(now.ring, `focus on ${now.label}: no focus ring (${now.detail})`).toBe(true);
  if (now.contrast !== null) expect(now.contrast, `focus on ${now.label}: ring contrast`).toBeGreaterThanOrEqual(3);
  if (unobscured) {
    // The element's layout box may still be sliding into view (a smooth scroll): wait for it to settle.
    await page.waitForTimeout(50);
    const edges = await fixedEdges(page);
    const box = await focused(page);
    expect(
      box.top,
      `focus on ${now.label}: under a fixed bar (its top ${box.top} above ${edges.top})`,
    ).toBeGreaterThanOrEqual(edges.top - 1);
    expect(box.bottom, `focus on ${now.label}: under a fixed bar at the bottom`).toBeLessThanOrEqual(edges.bottom + 1);
  }
  return now;
}

/** Whether `target` has focus. */
export const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking the focus ring at every stop; fails after
 * `max` presses. Resolves to the number of presses.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.count()) {
      if (await hasFocus(target.first())) {
        await expectVisibleFocus(page);
        return i;
      }
    }
    const now = await focused(page);
    // The body between the page's last and first element (the browser's own controls) has no ring to check.
    if (now.label !== 'BODY') await expectVisibleFocus(page);
  }
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} did not reach the target in ${max} presses (at ${(await focused(page)).label})`,
  );
}

/** Presses `key` and checks that focus then is on `target`, with a visible ring. */
export async function pressAndExpectFocus(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(() => hasFocus(target), { message: `focus after ${key}` }).toBe(true);
  await expectVisibleFocus(page);
}

/** Types `text` with the keyboard into what has focus (no `fill`). */
export const typeText = (page: Page, text: string) => page.keyboard.type(text, { delay: 5 });
