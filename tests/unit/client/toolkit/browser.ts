import { vi } from 'vitest';

/** A controllable IntersectionObserver: `intersect()` tells every observed element it is on screen. */
export function mockIntersectionObserver() {
  const observers = new Set<{ cb: IntersectionObserverCallback; targets: Element[]; self: IntersectionObserver }>();
  class FakeObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds = [0];
    private entry: { cb: IntersectionObserverCallback; targets: Element[]; self: IntersectionObserver };
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rootMargin = options?.rootMargin ?? '';
      this.entry = { cb, targets: [], self: this as unknown as IntersectionObserver };
      observers.add(this.entry);
    }
    observe(el: Element) {
      this.entry.targets.push(el);
    }
    unobserve(el: Element) {
      this.entry.targets = this.entry.targets.filter((t) => t !== el);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    active: () => [...observers].filter((o) => o.targets.length > 0).length,
    margins: () => [...observers].map((o) => (o.self as unknown as FakeObserver).rootMargin),
    intersect() {
      for (const o of [...observers]) {
        const entries = o.targets.map(
          (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry,
        );
        if (entries.length) o.cb(entries, o.self);
      }
    },
  };
}
