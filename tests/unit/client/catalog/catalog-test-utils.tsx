import type { ProductCard, ProductDetails, Review } from '@common/contract/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { i18n } from '../../../../src/client/lib/i18n/i18n';

export function card(id: number, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    slug: `tea-${id}`,
    name: `Tea ${id}`,
    image: `/images/products/tea-${id}.svg`,
    price_cents: 1000 + id,
    discount_price_cents: null,
    has_discount: false,
    stock_state: 'in_stock',
    stock_total: 100,
    rating: { average: 4.5, count: 2 },
    created_at: new Date(Date.UTC(2026, 0, 1) - id * 60_000).toISOString(),
    ...overrides,
  };
}

type Handler = (body: URLSearchParams) => { status?: number; data?: unknown; message?: string };

/** Stubs fetch with one handler per API path; records each call's path and form body. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: URLSearchParams }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = new URLSearchParams(String(init?.body ?? ''));
    calls.push({ path, body });
    const handler = handlers[path];
    const answer = handler ? handler(body) : { status: 404, message: 'There is no such API path' };
    const status = answer.status ?? 200;
    const envelope =
      status === 200
        ? { success: true, code: 200, message: 'OK', data: answer.data }
        : { success: false, code: status, message: answer.message ?? 'Refused', data: null };
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** Renders a page at a URL inside the app's providers (react-query without retries, i18n in English). */
export function renderPage(
  routes: Array<{ path: string; Component: ComponentType }>,
  url: string,
  lang: 'en' | 'zh' = 'en',
) {
  // i18next was started by ./i18n-first (re-starting it would drop the strings features added).
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const router = createMemoryRouter(
    [
      ...routes,
      { path: '/login', Component: () => <p>Login screen</p> },
      { path: '*', Component: () => <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  return {
    router,
    client,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

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

export function productDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    id: 5,
    slug: 'earl-grey',
    name: 'Earl Grey Cream',
    translations: [
      { lang: 'en', name: 'Earl Grey Cream' },
      { lang: 'zh', name: '奶香伯爵茶' },
    ],
    description: 'Ceylon black tea with bergamot.',
    image: '/images/products/earl-grey.svg',
    images: ['/images/products/earl-grey.svg', '/images/products/earl-grey-2.svg'],
    variants: [
      {
        id: 51,
        name: '50 g Pouch',
        translations: [
          { lang: 'en', name: '50 g Pouch' },
          { lang: 'zh', name: '50克袋装' },
        ],
        price_cents: 1200,
        discount_price_cents: 990,
        has_discount: true,
        stock: 3,
      },
      {
        id: 52,
        name: '100 g Tin',
        translations: [
          { lang: 'en', name: '100 g Tin' },
          { lang: 'zh', name: '100克罐装' },
        ],
        price_cents: 2000,
        discount_price_cents: null,
        has_discount: false,
        stock: 10,
      },
      {
        id: 53,
        name: '20 Tea Bags',
        translations: [
          { lang: 'en', name: '20 Tea Bags' },
          { lang: 'zh', name: '20包茶包' },
        ],
        price_cents: 950,
        discount_price_cents: null,
        has_discount: false,
        stock: 0,
      },
    ],
    subscribable: true,
    frequencies: [
      { weeks: 0, discount_percent: 0 },
      { weeks: 2, discount_percent: 15 },
      { weeks: 4, discount_percent: 15 },
      { weeks: 8, discount_percent: 15 },
    ],
    stock_state: 'in_stock',
    stock_balance: 13,
    availability: { ph: true, cn: false },
    rating: { average: 4.3, count: 3, stars: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 2 } },
    categories: [{ id: 1, slug: 'best-sellers', name: 'BEST SELLERS' }],
    tags: [{ id: 3, kind: 'type', slug: 'black', name: 'Black' }],
    ...overrides,
  };
}

export function review(id: number): Review {
  return {
    id,
    rating: 5,
    title: `Review ${id}`,
    description: `Text of review ${id}`,
    nickname: `Reader ${id}`,
    created_at: new Date(Date.UTC(2026, 5, 1) - id * 86_400_000).toISOString(),
  };
}
