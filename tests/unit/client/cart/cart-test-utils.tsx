import type { UserInfo } from '@common/contract/accounts';
import type { ProductDetails } from '@common/contract/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { i18n, setupI18n } from '../../../../src/client/lib/i18n/i18n';

type Answer = { status?: number; data?: unknown; message?: string; bare?: Record<string, unknown>; network?: boolean };
type Handler = (body: URLSearchParams) => Answer;

/** Stubs fetch with one handler per API path (envelope answers like the server); records every call. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: URLSearchParams; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = new URLSearchParams(String(init?.body ?? ''));
    calls.push({ path, body, headers: new Headers(init?.headers) });
    const handler = handlers[path];
    const answer: Answer = handler ? handler(body) : { status: 404, message: 'There is no such API path' };
    if (answer.network) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const json =
      answer.bare ??
      (status === 200
        ? { success: true, code: 200, message: 'OK', data: answer.data }
        : { success: false, code: status, message: answer.message ?? 'Refused', data: answer.data ?? null });
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** i18next started once per file (features add their strings when their modules load). */
export function startI18n(lang: 'en' | 'zh' = 'en') {
  if (!i18n.isInitialized) setupI18n(lang);
  else if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

/** Renders `element` at `url` inside a memory router; other paths render their own name. */
export function renderAt(element: ReactElement, url = '/', paths: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: url.split('?')[0]!, element },
      ...paths.map((p) => ({ path: p, element: <p>Screen {p}</p> })),
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}

export function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    nickname: 'Mei',
    email: 'mei@example.com',
    phone: '+639171234567',
    referral_code: 'MEI23456',
    is_agent: 0,
    telegram_user_id: null,
    telegram_username: null,
    telegram_name: null,
    cash_balance_cents: 1234,
    upline_nickname: null,
    language: 'en',
    ...overrides,
  };
}

export function product(
  id: number,
  variants: Array<{ id: number; stock: number }>,
  o: Partial<ProductDetails> = {},
): ProductDetails {
  return {
    id,
    slug: `tea-${id}`,
    name: `Tea ${id}`,
    translations: [
      { lang: 'en', name: `Tea ${id}` },
      { lang: 'zh', name: `茶 ${id}` },
    ],
    description: '',
    image: `/images/products/tea-${id}.svg`,
    images: [],
    variants: variants.map((v) => ({
      id: v.id,
      name: '50 g Pouch',
      translations: [
        { lang: 'en' as const, name: '50 g Pouch' },
        { lang: 'zh' as const, name: '50克袋装' },
      ],
      price_cents: 1250,
      discount_price_cents: null,
      has_discount: false,
      stock: v.stock,
    })),
    subscribable: true,
    frequencies: [],
    stock_state: 'in_stock',
    stock_balance: variants.reduce((n, v) => n + v.stock, 0),
    availability: { ph: true, cn: true },
    rating: { average: 0, count: 0, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    categories: [],
    tags: [],
    ...o,
  };
}
