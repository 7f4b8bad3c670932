import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../../src/client/app/App';
import { initTelegram } from '../../../../src/client/lib/telegram/init';
import { resetMainButton, useTelegramMainButton } from '../../../../src/client/lib/telegram/main-button';
import { installFakeSdk, leaveTelegram, mockApi, removeSdk, testInitData } from '../toolkit';

// docs/plans/015 §5: inside Telegram the first screen renders without waiting for the SDK chunk or the
// host's answer, and `web_app_ready` is posted through the host transport once the first screen has committed
// (not before, not twice, also on the error page).

// The SDK chunk never arrives in these tests (as on a slow network): nothing may wait for it.
vi.mock('@telegram-apps/sdk-react', () => new Promise(() => {}));

interface Posted {
  type: string;
  /** What the page showed when the host got the event. */
  fallback: boolean;
  /** The screen's own markup (its `main`), whatever state its data is in. */
  screen: boolean;
  text: string;
}

/** A Telegram host (native apps' TelegramWebviewProxy) that records what the page showed at each event. */
function recordingHost({ answers = true }: { answers?: boolean } = {}) {
  const posted: Posted[] = [];
  const w = window as Window & {
    TelegramWebviewProxy?: { postEvent(type: string): void };
    Telegram?: { WebView?: { receiveEvent?(type: string, data: unknown): void } };
  };
  w.TelegramWebviewProxy = {
    postEvent(type: string) {
      posted.push({
        type,
        fallback: document.querySelector('.page-fallback') !== null,
        screen: document.querySelector('main.page') !== null,
        text: document.body.textContent ?? '',
      });
      if (answers && type === 'web_app_request_theme') {
        setTimeout(() => w.Telegram?.WebView?.receiveEvent?.('theme_changed', { theme_params: {} }), 0);
      }
    },
  };
  return { posted, ready: () => posted.filter((p) => p.type === 'web_app_ready') };
}

const launch = (path: string) =>
  window.history.replaceState(
    null,
    '',
    `${path}#tgWebAppData=${encodeURIComponent(testInitData('4242'))}&tgWebAppPlatform=android&tgWebAppVersion=8.0`,
  );

afterEach(() => {
  leaveTelegram();
  removeSdk();
  resetMainButton();
  delete document.documentElement.dataset.telegram;
  window.history.replaceState(null, '', '/');
});

describe('starting inside Telegram', () => {
  it('renders the first screen without the SDK, then posts web_app_ready once, after the screen committed with its data', async () => {
    const user = userEvent.setup();
    mockApi({
      '/v2/get-page': () => ({
        data: { page: { slug: 'about', title: 'Our story', body: 'Tea.', updated_at: '2025-01-01T00:00:00Z' } },
      }),
    });
    localStorage.setItem('hasVisited', 'true');
    launch('/about');
    const host = recordingHost();
    void initTelegram();
    // The host is being asked: the page looks as inside Telegram and the MainButton's twin stays hidden meanwhile.
    expect(document.documentElement.dataset.telegram).toBe('pending');
    render(<App />);
    await waitFor(() => expect(document.body.textContent).toContain('Our story'), { timeout: 8000 });
    await waitFor(() => expect(host.ready()).toHaveLength(1));
    // Sent once the screen (not the loading fallback) had committed with its data, and the SDK has still not arrived.
    expect(host.ready()[0]).toMatchObject({ fallback: false, screen: true });
    expect(host.ready()[0]!.text).toContain('Our story');
    expect(document.documentElement.dataset.telegram).toBe('pending');
    expect(host.posted.map((p) => p.type)).toEqual(['web_app_request_theme', 'web_app_ready']);

    // Another screen does not send it again.
    await user.click(screen.getAllByRole('link', { name: 'Home' })[0]!);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(host.ready()).toHaveLength(1);
  });

  it('posts web_app_ready on the error page too (an unknown path)', async () => {
    mockApi({});
    launch('/no/such/page');
    const host = recordingHost();
    void initTelegram();
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(host.ready()).toHaveLength(1));
    expect(host.ready()[0]!.text).toContain('Page not found');
  });

  it('posts nothing in a plain browser tab (no host transport), even with launch parameters in the URL', async () => {
    mockApi({});
    launch('/no/such/page');
    void initTelegram();
    expect(document.documentElement.dataset.telegram).toBe('false');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect((window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy).toBeUndefined();
  });
});

function Buy({ onClick }: { onClick(): void }) {
  useTelegramMainButton({ text: 'Add to cart', onClick });
  return <p>Sencha</p>;
}

describe('Telegram buttons when the SDK arrives after the first render', () => {
  it("the MainButton is claimed once the SDK is there, and presses reach the screen's action", () => {
    const onClick = vi.fn();
    render(<Buy onClick={onClick} />);
    expect(screen.getByText('Sencha')).toBeInTheDocument();
    let sdk: ReturnType<typeof installFakeSdk> | undefined;
    act(() => {
      sdk = installFakeSdk();
    });
    if (!sdk) throw new Error('no fake SDK');
    expect(sdk.last()).toEqual({ text: 'Add to cart', isVisible: true, isEnabled: true, isLoaderVisible: false });
    sdk.press();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
