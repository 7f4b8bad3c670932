import { screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { getStoredReferralCode } from '../../../../src/client/entities/user/referral-code';
import { TelegramStartWatcher } from '../../../../src/client/features/referral/TelegramStartWatcher';
import { APP_KEYS } from '../../../../src/client/lib/storage/storage';
import { confirmTelegramHost, resetLaunchCache } from '../../../../src/client/lib/telegram/launch';
import { installTelegramHost, leaveTelegram, mockApi, renderRoutes } from '../toolkit';

/** Opening the Mini App with a shared product's `startapp`, or a bare referral code (docs/decisions/019, 053). */

const initData = (startParam?: string) =>
  new URLSearchParams({
    user: JSON.stringify({ id: 4242, first_name: 'Mei' }),
    ...(startParam ? { start_param: startParam } : {}),
    hash: 'abc',
  }).toString();

/** Telegram opens the Mini App at `/` with the launch parameters (and `?tgWebAppStartParam=`) in the URL. */
async function launch(startParam: string | undefined, { host = true, query = false } = {}) {
  const search = query && startParam ? `?tgWebAppStartParam=${startParam}` : '';
  const data = query ? initData() : initData(startParam);
  window.history.replaceState(
    null,
    '',
    `/${search}#tgWebAppData=${encodeURIComponent(data)}&tgWebAppPlatform=android&tgWebAppVersion=8.0`,
  );
  if (host) installTelegramHost();
  resetLaunchCache();
  await confirmTelegramHost({ timeoutMs: 50 });
}

function renderShop() {
  return renderRoutes(
    [
      { path: '/', element: <TelegramStartWatcher /> },
      { path: '/details/:productId', element: <p>Product page</p> },
    ],
    '/',
  );
}

const where = () => screen.getByTestId('location').textContent;

afterEach(() => {
  leaveTelegram();
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('TelegramStartWatcher', () => {
  it('lands on the product of p<id> and records the referral code it carries, as /{code} does', async () => {
    const api = mockApi({ '/v2/record-visit': () => ({ data: { recorded: true, code: 'MEI7' } }) });
    await launch('p12_MEI7');
    renderShop();
    expect(await screen.findByText('Product page')).toBeInTheDocument();
    expect(where()).toBe('/details/12');
    await waitFor(() => expect(getStoredReferralCode()).toBe('MEI7'));
    const visits = api.calls.filter((c) => c.path === '/v2/record-visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]?.body.get('code')).toBe('MEI7');
    expect(visits[0]?.body.get('link')).toBe('/details/12?ref=MEI7');
  });

  it('acts once per launch: the tab keeps no start parameter, and mounting again does nothing', async () => {
    const api = mockApi({ '/v2/record-visit': () => ({ data: { recorded: true, code: 'MEI7' } }) });
    await launch('p12_MEI7');
    const first = renderShop();
    await screen.findByText('Product page');
    first.unmount();
    renderShop();
    expect(where()).toBe('/');
    expect(JSON.parse(sessionStorage.getItem(APP_KEYS.telegramLaunch) ?? '{}')).not.toHaveProperty('startParam');
    expect(api.calls.filter((c) => c.path === '/v2/record-visit')).toHaveLength(1);
  });

  it('reads tgWebAppStartParam from the query string too, and records nothing without a code', async () => {
    const api = mockApi({});
    await launch('p7', { query: true });
    renderShop();
    expect(await screen.findByText('Product page')).toBeInTheDocument();
    expect(where()).toBe('/details/7');
    expect(api.calls).toEqual([]);
  });

  it("stays on the shop for a bare referral code (the referral page's card) and records it as /{code}", async () => {
    const api = mockApi({ '/v2/record-visit': () => ({ data: { recorded: true, code: 'MEI7' } }) });
    await launch('MEI7');
    renderShop();
    await waitFor(() => expect(getStoredReferralCode()).toBe('MEI7'));
    expect(where()).toBe('/');
    const visits = api.calls.filter((c) => c.path === '/v2/record-visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]?.body.get('link')).toBe('/MEI7');
  });

  it.each(['', 'p0', 'p12_', 'p0_x', 'p12_bad code', 'a b'])('ignores the start parameter %j', async (param) => {
    const api = mockApi({});
    await launch(param);
    renderShop();
    await new Promise((r) => setTimeout(r, 20));
    expect(where()).toBe('/');
    expect(api.calls).toEqual([]);
  });

  it('does nothing in a plain browser tab, whatever its URL says', async () => {
    const api = mockApi({});
    await launch('p12_MEI7', { host: false });
    renderShop();
    await new Promise((r) => setTimeout(r, 20));
    expect(where()).toBe('/');
    expect(api.calls).toEqual([]);
  });
});
