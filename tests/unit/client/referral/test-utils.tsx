import './i18n-first';
import type { UserInfo } from '@common/contract/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { useSession } from '../../../../src/client/stores/session-store';

export type Handler = (body: URLSearchParams) => { status?: number; data?: unknown; message?: string };

/** Answers API paths from `handlers` in the server's envelope; unknown paths answer 404. Records every call. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: URLSearchParams }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = new URLSearchParams(String(init?.body ?? ''));
    calls.push({ path, body });
    const handler = handlers[path];
    const answer = handler ? handler(body) : { status: 404, message: 'There is no such API path' };
    const status = answer.status ?? 200;
    const ok = status < 400;
    return new Response(
      JSON.stringify({
        success: ok,
        code: status,
        message: answer.message ?? (ok ? 'OK' : 'Refused'),
        data: ok ? answer.data : (answer.data ?? null),
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) => calls.filter((c) => c.path === path);
  return { fetchMock, calls, callsTo };
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
  } as UserInfo;
}

export function logIn(user: UserInfo = makeUser(), token = 'tok-123') {
  useSession.getState().setSession(user, token);
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at `path` under a router whose route is `pattern`, with a fresh query cache and a Toaster. */
export function renderRoute(
  element: ReactElement,
  { path, pattern = '*', lang = 'en' }: { path: string; pattern?: string; lang?: 'en' | 'zh' },
) {
  // i18next was started by ./i18n-first (starting it again would drop the strings features added).
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <WhereAmI />
          </>
        ),
      },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AppRoot appearance="light" platform="base">
        <RouterProvider router={router} />
        <Toaster />
      </AppRoot>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
