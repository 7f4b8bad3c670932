import type { UserInfo } from '@common/contract/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { confirmTelegramHost, resetLaunchCache } from '../../../../src/client/lib/telegram/launch';

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

type Handler = (body: URLSearchParams) => {
  status?: number;
  data?: unknown;
  message?: string;
  /** A refusal's field errors (the envelope's data.errors). */
  errors?: Array<{ field: string; message: string }>;
};

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
          : {
              success: false,
              code: status,
              message: answer.message ?? 'Refused',
              data: answer.errors ? { errors: answer.errors } : null,
            };
      return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

type HostWindow = Window & {
  TelegramWebviewProxy?: { postEvent(type: string, data?: string): void };
  Telegram?: { WebView?: { receiveEvent?(type: string, data?: unknown): void } };
};

/**
 * A Telegram host as the native apps provide one: `window.TelegramWebviewProxy.postEvent`, answering
 * `web_app_request_theme` with `theme_changed` through `window.Telegram.WebView.receiveEvent` (unless `answers` is
 * false: a transport that never answers). Records what the page posted.
 */
export function installTelegramHost({ answers = true }: { answers?: boolean } = {}) {
  const posted: string[] = [];
  const w = window as HostWindow;
  w.TelegramWebviewProxy = {
    postEvent(type: string) {
      posted.push(type);
      if (answers && type === 'web_app_request_theme') {
        setTimeout(() => w.Telegram?.WebView?.receiveEvent?.('theme_changed', { theme_params: {} }), 0);
      }
    },
  };
  return { posted };
}

/** Takes the fake host away and forgets the launch (call in afterEach). */
export function leaveTelegram(): void {
  delete (window as HostWindow).TelegramWebviewProxy;
  resetLaunchCache();
}

/** The launch parameters as launch.ts keeps them in sessionStorage for the tab. */
export function storeLaunchCopy(telegramUserId: string, initData: string) {
  sessionStorage.setItem(
    'leafcup/launch',
    JSON.stringify({
      initData,
      platform: 'android',
      userId: telegramUserId,
      userLanguage: 'en',
      userName: 'Mei Chen',
      username: 'mei_tea',
    }),
  );
}

export const testInitData = (telegramUserId: string) => `user=%7B%22id%22%3A${telegramUserId}%7D&hash=abc`;

/**
 * Pretends the app was opened inside Telegram by this user: the launch parameters of the tab, and a Telegram host that
 * answers the host check (launch.ts), which has run when this resolves.
 */
export async function openInTelegram(telegramUserId: string, initData = testInitData(telegramUserId)) {
  storeLaunchCopy(telegramUserId, initData);
  installTelegramHost();
  resetLaunchCache();
  if (!(await confirmTelegramHost())) throw new Error('the fake Telegram host did not answer');
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
