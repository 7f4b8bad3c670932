import type { UserInfo } from '@common/contract/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { setupI18n } from '../../../../src/client/lib/i18n/i18n';
import { useSession } from '../../../../src/client/stores/session-store';

/** The envelope answers of get-category and get-tags the shell's menus read (names as the seed has them). */
export const CATEGORIES = [
  { id: 1, slug: 'best-sellers', name: 'BEST SELLERS' },
  { id: 2, slug: 'all-teas', name: 'ALL TEAS' },
  { id: 3, slug: 'accessories', name: 'ACCESSORIES' },
  { id: 4, slug: 'matcha', name: 'MATCHA' },
  { id: 5, slug: 'bundle-save', name: 'BUNDLE & SAVE' },
  { id: 6, slug: 'gift-shop', name: 'THE GIFT SHOP' },
  { id: 7, slug: 'variety-packs', name: 'VARIETY PACKS' },
];
export const TAGS = [
  { id: 1, kind: 'type', slug: 'black', name: 'Black' },
  { id: 2, kind: 'type', slug: 'green', name: 'Green' },
  { id: 10, kind: 'benefit', slug: 'sleep', name: 'Sleep' },
  { id: 11, kind: 'benefit', slug: 'relaxation', name: 'Relaxation' },
  { id: 20, kind: 'tag', slug: 'minty', name: 'Minty' },
  { id: 21, kind: 'tag', slug: 'fruity', name: 'Fruity' },
];

/** Answers the catalogue paths (and user-logout) with the server's envelope; records every call (path and form body). */
export function mockCatalogFetch() {
  const calls: { path: string; body: URLSearchParams; authorization: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push({
      path,
      body: new URLSearchParams(String(init?.body ?? '')),
      authorization: new Headers(init?.headers).get('authorization'),
    });
    const data =
      path === '/v2/get-category'
        ? { categories: CATEGORIES }
        : path === '/v2/get-tags'
          ? { tags: TAGS }
          : path === '/v1/user-logout'
            ? { logged_out: true }
            : null;
    const body = data
      ? { success: true, code: 200, message: '', data }
      : { success: false, code: 404, message: 'Not found', data: null };
    return new Response(JSON.stringify(body), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    nickname: 'Mei',
    email: 'mei@example.com',
    phone: '+6591234567',
    referral_code: 'MEI7',
    is_agent: 0,
    telegram_user_id: null,
    telegram_username: null,
    telegram_name: null,
    cash_balance_cents: 0,
    upline_nickname: null,
    language: 'en',
    ...overrides,
  };
}

export function logIn(user: UserInfo = makeUser(), token = 'tok-123') {
  useSession.getState().setSession(user, token);
}

/** Shows the current path (and query) so a test can see where a link went. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` under a router at `path`, a fresh query cache and English strings. */
export function renderShell(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  setupI18n('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <WhereAmI />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  /** Resolves once the menus' queries have answered (their updates then happen inside act). */
  const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { ...utils, router, queryClient, settled };
}
