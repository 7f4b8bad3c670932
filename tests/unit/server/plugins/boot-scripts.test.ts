import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_AGE_YES, MIRROR_COOKIE_MAX_AGE_S, SSR_COOKIES } from '../../../../src/common/server-render';
import {
  BOOT_SCRIPTS_CSP,
  EARLY_AGE_YES_BOOT,
  IMAGE_WAIT_MS,
  START_BOOT,
  THEME_BOOT,
} from '../../../../src/server/plugins/boot-scripts';

/** Runs the inline boot script as a page would, with the URL hash and User-Agent given. */
function boot(hash: string, userAgent = 'Mozilla/5.0') {
  const props = new Map<string, string>();
  const dataset: Record<string, string> = {};
  const documentElement = { dataset, style: { setProperty: (k: string, v: string) => props.set(k, v) } };
  runInNewContext(THEME_BOOT, {
    location: { hash },
    navigator: { userAgent },
    document: { documentElement },
    URLSearchParams,
    JSON,
    Object,
  });
  return { props: Object.fromEntries(props), perf: dataset.perf };
}

describe('the theme boot inlined in rendered pages', () => {
  it("sets Telegram's theme colours from the launch hash", () => {
    const params = encodeURIComponent(JSON.stringify({ bg_color: '#17212b', button_text_color: '#ffffff' }));
    expect(boot(`#tgWebAppData=x&tgWebAppThemeParams=${params}`).props).toEqual({
      '--tg-theme-bg-color': '#17212b',
      '--tg-theme-button-text-color': '#ffffff',
    });
  });

  it('ignores a hash that is not Telegram’s, bad JSON and keys that are not plain names', () => {
    expect(boot('#section-2').props).toEqual({});
    expect(boot('#tgWebAppThemeParams=%7Bnot-json').props).toEqual({});
    const odd = encodeURIComponent(JSON.stringify({ 'bg;color': 'red', text_color: 5 }));
    expect(boot(`#tgWebAppThemeParams=${odd}`).props).toEqual({});
  });

  it('marks a LOW performance-class Android device, and no other', () => {
    const low = 'Mozilla/5.0 (Linux; Android 10) Telegram-Android/11.2.3 (Samsung SM-A105F; Android 10; SDK 29; LOW)';
    expect(boot('', low).perf).toBe('low');
    expect(boot('', low.replace('LOW', 'AVERAGE')).perf).toBeUndefined();
  });
});

/** The first screen's image as the start script sees it: `complete`, and its load/error listeners. */
class FakeImage {
  listeners: Record<string, Array<() => void>> = {};
  constructor(public complete: boolean) {}
  addEventListener(type: string, f: () => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), f];
  }
  fire(type: 'load' | 'error') {
    this.complete = true;
    for (const f of this.listeners[type] ?? []) f();
  }
}

/**
 * Runs the inline start script as a page would: `data-entry` / `data-preload` on the tag, the first screen's image
 * (or none), frames and timers run when the test says. `import()` cannot run inside node:vm without a flag, so the
 * one `import(e)` is handed to `load` (the real import is exercised in a browser by tests/e2e/server-render.e2e.ts).
 */
function start(dataset: Record<string, string> | null, image: FakeImage | null = null) {
  const events: string[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<{ f: () => void; ms: number }> = [];
  type Link = { rel: string; href: string; crossOrigin: string | null };
  // What the head was given, one entry per insertion (a fragment's links together).
  const insertions: number[] = [];
  const head = {
    appendChild: (node: Link | { links: Link[] }) => {
      const links = 'links' in node ? node.links : [node];
      insertions.push(links.length);
      for (const l of links) events.push(`${l.rel} ${l.href} ${l.crossOrigin === '' ? 'anonymous' : 'no-cors'}`);
    },
  };
  const document = {
    documentElement: { dataset: {} },
    addEventListener: () => {},
    currentScript: dataset ? { dataset } : null,
    head,
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    createDocumentFragment: () => {
      const links: Link[] = [];
      return { links, appendChild: (l: Link) => links.push(l) };
    },
    querySelector: (selector: string) => (selector === 'img[fetchpriority=high]' ? image : null),
  };
  expect(START_BOOT.split('import(e)')).toHaveLength(2);
  runInNewContext(START_BOOT.replace('import(e)', 'load(e)'), {
    document,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms = 0) => timers.push({ f, ms }),
    load: (url: string) => events.push(`import ${url}`),
  });
  return {
    events,
    insertions,
    /** Paints a frame: runs the frame callbacks waiting. */
    frame: () => {
      for (const f of frames.splice(0)) f();
    },
    /** Runs the timers waiting for `ms` or less. */
    timers: (ms: number) => {
      const due = timers.filter((t) => t.ms <= ms);
      timers.splice(0, timers.length, ...timers.filter((t) => t.ms > ms));
      for (const t of due) t.f();
    },
  };
}

const PAGE = { entry: '/assets/index-a.js', preload: '/assets/index-a.js /assets/HomePage-b.js' };
const ASKED = [
  'modulepreload /assets/index-a.js anonymous',
  'modulepreload /assets/HomePage-b.js anonymous',
  'import /assets/index-a.js',
];

describe('the start script inlined in rendered pages', () => {
  it('asks for nothing until after the first frame, then preloads the entry and the chunks and runs the entry', () => {
    const page = start(PAGE, new FakeImage(true));
    page.timers(0);
    expect(page.events).toEqual([]);
    page.frame();
    expect(page.events).toEqual([]);
    page.timers(0);
    expect(page.events).toEqual(ASKED);
    // The links go into the head in one insertion (one by one cost a slow phone 40–100 ms).
    expect(page.insertions).toEqual([2]);
  });

  it('waits for the first screen’s image to load, or to fail, before the frame', () => {
    for (const outcome of ['load', 'error'] as const) {
      const image = new FakeImage(false);
      const page = start(PAGE, image);
      page.frame();
      page.timers(0);
      expect(page.events, outcome).toEqual([]);
      image.fire(outcome);
      page.frame();
      page.timers(0);
      expect(page.events, outcome).toEqual(ASKED);
    }
  });

  it(`goes without the image after ${IMAGE_WAIT_MS} ms, and only once when the image comes after`, () => {
    const image = new FakeImage(false);
    const page = start(PAGE, image);
    page.timers(IMAGE_WAIT_MS - 1);
    page.frame();
    expect(page.events).toEqual([]);
    page.timers(IMAGE_WAIT_MS);
    page.frame();
    page.timers(0);
    expect(page.events).toEqual(ASKED);
    image.fire('load');
    page.frame();
    page.timers(0);
    expect(page.events).toEqual(ASKED);
  });

  it('does nothing on a tag without an entry, and runs the entry alone when nothing else is listed', () => {
    const none = start(null);
    none.frame();
    none.timers(IMAGE_WAIT_MS);
    expect(none.events).toEqual([]);
    const alone = start({ entry: '/assets/index-a.js' });
    alone.frame();
    alone.timers(0);
    expect(alone.events).toEqual(['import /assets/index-a.js']);
  });
});

describe('the CSP of the inline scripts', () => {
  it('admits each of the two by its own hash', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(BOOT_SCRIPTS_CSP).toEqual([hash(THEME_BOOT), hash(START_BOOT)]);
  });
});

/**
 * Runs the early-answer part of the start script on a page: returns a tap (on the Yes button or elsewhere) and what
 * the page then holds: localStorage, the cookie written, `<html>`'s dataset.
 */
function earlyPage(options: { storageFails?: boolean } = {}) {
  const stored = new Map<string, string>();
  const dataset: Record<string, string> = {};
  const listeners: Array<{ type: string; f: (e: unknown) => void; capture: unknown }> = [];
  const document = {
    documentElement: { dataset },
    cookie: '',
    addEventListener: (type: string, f: (e: unknown) => void, capture: unknown) => listeners.push({ type, f, capture }),
  };
  const localStorage = {
    setItem: (k: string, v: string) => {
      if (options.storageFails) throw new Error('QuotaExceededError');
      stored.set(k, v);
    },
  };
  runInNewContext(EARLY_AGE_YES_BOOT, { document, localStorage });
  /** A tap whose target lies inside an element matching the selector `inside` (or none). */
  const tap = (inside: string | null) => {
    const target = { closest: (selector: string) => (selector === inside ? {} : null) };
    for (const l of listeners) if (l.type === 'click') l.f({ target });
  };
  return { tap, stored, document, dataset, listeners };
}

describe('the start script answers the age gate’s Yes until the app has started (027)', () => {
  const yes = `[${EARLY_AGE_YES.attribute}]`;

  it('stores the visited flag, writes the visited cookie and marks <html>, as the app’s Yes does', () => {
    const page = earlyPage();
    expect(page.listeners.map((l) => [l.type, l.capture])).toEqual([['click', true]]);
    expect(page.dataset).toEqual({});
    page.tap(yes);
    expect(Object.fromEntries(page.stored)).toEqual({ hasVisited: 'true' });
    expect(page.document.cookie).toBe(
      `${SSR_COOKIES.visited}=1; path=/; max-age=${MIRROR_COOKIE_MAX_AGE_S}; samesite=lax`,
    );
    expect(page.dataset).toEqual({ [EARLY_AGE_YES.flag]: '' });
  });

  it('still hides the gate where storage is disabled', () => {
    const page = earlyPage({ storageFails: true });
    page.tap(yes);
    expect(page.stored.size).toBe(0);
    expect(page.dataset).toEqual({ [EARLY_AGE_YES.flag]: '' });
  });

  it('ignores taps elsewhere, and every tap once the app has started', () => {
    const page = earlyPage();
    page.tap(null);
    page.tap('[data-other]');
    expect(page.dataset).toEqual({});
    page.dataset.app = 'starting';
    page.tap(yes);
    expect(page.stored.size).toBe(0);
    expect(page.document.cookie).toBe('');
    expect(page.dataset).toEqual({ app: 'starting' });
  });

  it('is the start of START_BOOT, so the CSP hash of START_BOOT covers it', () => {
    expect(START_BOOT.startsWith(EARLY_AGE_YES_BOOT)).toBe(true);
  });
});
