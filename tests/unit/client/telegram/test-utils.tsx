import type { UserInfo } from '@common/contract/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { resetLaunchCache } from '../../../../src/client/lib/telegram/launch';

export const user = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  id: 7,
  nickname: 'Mei',
  email: 'mei@example.com',
  phone: '+639170000000',
  referral_code: 'MEI7',
  is_agent: 0,
  telegram_user_id: null,
  telegram_username: null,
  telegram_name: null,
  cash_balance_cents: 0,
  upline_nickname: null,
  language: 'en',
  ...overrides,
});

type Handler = (body: URLSearchParams) => { status?: number; data?: unknown; message?: string };

/** Stubs fetch with one handler per API path; records each call's path and form body. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: URLSearchParams }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = new URLSearchParams(String(init?.body ?? ''));
      calls.push({ path, body });
      const answer = handlers[path]?.(body) ?? { status: 404, message: 'There is no such API path' };
      const status = answer.status ?? 200;
      const envelope =
        status === 200
          ? { success: true, code: 200, message: 'OK', data: answer.data }
          : { success: false, code: status, message: answer.message ?? 'Refused', data: null };
      return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** Pretends the app was opened inside Telegram by this user (launch parameters as launch.ts keeps them). */
export function openInTelegram(telegramUserId: string, initData = `user=%7B%22id%22%3A${telegramUserId}%7D&hash=abc`) {
  sessionStorage.setItem(
    'leafcup/launch',
    JSON.stringify({ initData, platform: 'android', userId: telegramUserId, userLanguage: 'en' }),
  );
  resetLaunchCache();
  return initData;
}

export function renderAt(routes: Array<{ path: string; Component: ComponentType }>, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [...routes, { path: '*', Component: () => <p data-testid="elsewhere">Elsewhere</p> }],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
