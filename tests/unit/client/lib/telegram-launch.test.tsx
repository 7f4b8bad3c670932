import { api } from '../../../../src/client/lib/api/client';
import { initTelegram } from '../../../../src/client/lib/telegram/init';
import {
  confirmTelegramHost,
  isInTelegram,
  telegramHostState,
  telegramInitData,
  telegramUserIdFromLaunch,
} from '../../../../src/client/lib/telegram/launch';
import { TELEGRAM_WEB_ORIGINS } from '../../../../src/common/telegram-origins';
import { installTelegramHost, leaveTelegram, mockApi, storeLaunchCopy, testInitData } from '../toolkit';

// The SDK is a chunk of its own: a plain browser tab must never download it. The stand-in records whether it was loaded.
const sdk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@telegram-apps/sdk-react', () => {
  sdk.loaded = true;
  return {
    init: () => {
      throw new Error('the stand-in SDK does not start');
    },
  };
});

const launchHash = (id: string) =>
  `#tgWebAppData=${encodeURIComponent(testInitData(id))}&tgWebAppPlatform=android&tgWebAppVersion=8.0`;

beforeEach(() => {
  sdk.loaded = false;
});
afterEach(() => {
  leaveTelegram();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('the Telegram host check (docs/decisions/001)', () => {
  it('a plain browser tab with #tgWebAppData in its URL is not Telegram, decided at once, without the SDK', async () => {
    window.history.replaceState(null, '', `/profile${launchHash('4242')}`);
    const answer = confirmTelegramHost();
    // No host transport: decided before any await.
    expect(telegramHostState()).toBe('browser');
    expect(await answer).toBe(false);
    expect(isInTelegram()).toBe(false);
    expect(telegramInitData()).toBeUndefined();
    expect(telegramUserIdFromLaunch()).toBeUndefined();
    // Nothing kept for tabs opened from this one.
    expect(sessionStorage.getItem('leafcup/launch')).toBeNull();
    expect(await initTelegram()).toBe(false);
    expect(sdk.loaded).toBe(false);
  });

  it('sends no init_data from a plain browser tab', async () => {
    window.history.replaceState(null, '', `/${launchHash('4242')}`);
    const calls = mockApi({ '/v2/get-states': () => ({ data: { states: [] } }) });
    await confirmTelegramHost();
    await api('/v2/get-states', {});
    expect(calls.calls[0]?.body.has('init_data')).toBe(false);
  });

  it('ignores a sessionStorage copy of launch parameters (a tab opened from a Telegram tab) without a host', async () => {
    storeLaunchCopy('4242', testInitData('4242'));
    expect(await confirmTelegramHost()).toBe(false);
    expect(isInTelegram()).toBe(false);
    expect(telegramInitData()).toBeUndefined();
    expect(sdk.loaded).toBe(false);
  });

  it('trusts the launch parameters once the host answers web_app_request_theme with theme_changed', async () => {
    window.history.replaceState(null, '', `/${launchHash('4242')}`);
    const host = installTelegramHost();
    const answer = confirmTelegramHost();
    expect(telegramHostState()).toBe('checking');
    // Nothing is trusted while the host has not answered.
    expect(telegramInitData()).toBeUndefined();
    expect(await answer).toBe(true);
    expect(host.posted).toEqual(['web_app_request_theme']);
    expect(isInTelegram()).toBe(true);
    expect(telegramInitData()).toBe(testInitData('4242'));
    expect(telegramUserIdFromLaunch()).toBe('4242');
    // Kept for the life of the tab (the hash is lost on navigation)…
    expect(JSON.parse(sessionStorage.getItem('leafcup/launch') ?? '{}')).toMatchObject({
      initData: testInitData('4242'),
    });
    // …and the check's hooks are gone, so the SDK installs its own on a clean window.
    expect((window as { Telegram?: unknown }).Telegram).toBeUndefined();
  });

  it('uses the sessionStorage copy once the host answers (a reload inside Telegram)', async () => {
    storeLaunchCopy('4242', testInitData('4242'));
    installTelegramHost();
    expect(await confirmTelegramHost()).toBe(true);
    expect(telegramInitData()).toBe(testInitData('4242'));
  });

  it('a transport that never answers is not Telegram', async () => {
    window.history.replaceState(null, '', `/${launchHash('4242')}`);
    const host = installTelegramHost({ answers: false });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await confirmTelegramHost({ timeoutMs: 30 })).toBe(false);
    expect(host.posted).toEqual(['web_app_request_theme']);
    expect(isInTelegram()).toBe(false);
    expect(telegramInitData()).toBeUndefined();
    expect(sessionStorage.getItem('leafcup/launch')).toBeNull();
  });

  it('starts the SDK only after the host answered', async () => {
    window.history.replaceState(null, '', `/${launchHash('4242')}`);
    installTelegramHost();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The stand-in SDK refuses to start: initTelegram says so, but it was loaded because a host answered.
    expect(await initTelegram()).toBe(false);
    expect(sdk.loaded).toBe(true);
    expect(warn).toHaveBeenCalledWith('Telegram SDK could not start', expect.any(Error));
  });

  describe('in a frame (Telegram Web)', () => {
    function frameParent() {
      const frame = document.createElement('iframe');
      document.body.append(frame);
      const parent = frame.contentWindow!;
      const posted: Array<{ message: unknown; origin: string }> = [];
      vi.spyOn(parent, 'postMessage').mockImplementation(((message: unknown, origin: string) => {
        posted.push({ message, origin });
      }) as typeof parent.postMessage);
      vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as Window & typeof globalThis);
      const reply = (origin: string) =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({ eventType: 'theme_changed', eventData: { theme_params: {} } }),
            origin,
            source: parent,
          }),
        );
      return { posted, reply };
    }

    it("asks only Telegram's web origins, and trusts their answer", async () => {
      window.history.replaceState(null, '', `/${launchHash('4242')}`);
      const parent = frameParent();
      const answer = confirmTelegramHost();
      expect(parent.posted.map((p) => p.origin)).toEqual([...TELEGRAM_WEB_ORIGINS]);
      expect(JSON.parse(String(parent.posted[0]?.message))).toEqual({ eventType: 'web_app_request_theme' });
      parent.reply('https://web.telegram.org');
      expect(await answer).toBe(true);
      expect(telegramInitData()).toBe(testInitData('4242'));
    });

    it('does not believe a parent of another origin', async () => {
      window.history.replaceState(null, '', `/${launchHash('4242')}`);
      const parent = frameParent();
      const answer = confirmTelegramHost({ timeoutMs: 50 });
      parent.reply('https://evil.example.com');
      expect(await answer).toBe(false);
      expect(telegramInitData()).toBeUndefined();
    });
  });
});
