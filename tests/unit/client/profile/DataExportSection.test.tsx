import type { DataExport } from '@common/contract/data-export';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { DataExportSection } from '../../../../src/client/features/profile/components/DataExportSection';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { notify } from '../../../../src/client/lib/toast';
import { useSession } from '../../../../src/client/stores/session-store';
import {
  installFakeSdk,
  leaveTelegram,
  logIn,
  makeUser,
  mockApi,
  openInTelegram,
  removeSdk,
  renderRoute,
} from '../toolkit';

afterEach(async () => {
  vi.restoreAllMocks();
  act(() => useSession.getState().clear());
  leaveTelegram();
  removeSdk();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

// "Download my data" on the profile (docs/decisions/051): none → Preparing… → Download, until <time>; expired and
// failed copies offer a new request; the day's limit disables it; inside Telegram the link opens in the browser and
// the bot can send it.

const copy = (over: Partial<DataExport>): DataExport => ({
  id: 4,
  status: 'preparing',
  requested_at: '2026-12-08T09:00:00.000Z',
  expires_at: null,
  download_url: null,
  size: null,
  ...over,
});
const READY = copy({
  status: 'ready',
  expires_at: '2026-12-09T09:00:00.000Z',
  download_url: '/v1/data-export/4?exp=1765270800&sig=abc',
  size: 2048,
});

/** The server: `states` answered in turn by get-data-export (the last one repeats). */
function serve(states: Array<{ export: DataExport | null; requests_left: number }>, more = {}) {
  let read = 0;
  return mockApi({
    '/v2/get-data-export': () => ({ data: states[Math.min(read++, states.length - 1)] }),
    '/v2/request-data-export': () => ({
      data: { export: copy({}), requests_left: 2 },
      message: 'We are preparing a copy of your data. We will tell you when it is ready to download.',
    }),
    ...more,
  });
}

const section = () => screen.findByRole('region', { name: 'Your data' });

describe('DataExportSection', () => {
  it('asks for a copy, shows Preparing…, then the download link until its expiry', async () => {
    const success = vi.spyOn(notify, 'success');
    // The request answers "preparing"; the next read (the poll) finds it ready.
    const api = serve([
      { export: null, requests_left: 3 },
      { export: READY, requests_left: 2 },
    ]);
    renderRoute(<DataExportSection userId={7} />);
    const region = await section();
    expect(await within(region).findByText('You can ask 3 more times today.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Download my data' }));
    expect(api.callsTo('/v2/request-data-export')).toHaveLength(1);
    expect(await within(region).findByRole('status')).toHaveTextContent('Preparing…');
    expect(success).toHaveBeenCalledWith(
      'We are preparing a copy of your data. We will tell you when it is ready to download.',
    );
    expect(within(region).queryByRole('button', { name: 'Download my data' })).toBeNull();
    // The state is read again while preparing, until the copy is ready.
    const link = await within(region).findByRole('link', { name: /^Download, until / }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', READY.download_url);
    expect(link).toHaveAttribute('download');
    expect(link.textContent).toMatch(/2026/);
  }, 15_000);

  it('offers a new copy after an expired or failed one, and none past the day’s limit', async () => {
    serve([{ export: copy({ status: 'expired' }), requests_left: 1 }]);
    const { unmount } = renderRoute(<DataExportSection userId={7} />);
    let region = await section();
    expect(await within(region).findByText('Your last copy has expired.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    unmount();

    serve([{ export: copy({ status: 'failed' }), requests_left: 0 }]);
    renderRoute(<DataExportSection userId={8} />);
    region = await section();
    expect(await within(region).findByRole('alert')).toHaveTextContent('We could not prepare your copy.');
    expect(within(region).getByRole('button', { name: 'Download my data' })).toBeDisabled();
    expect(within(region).getByText('You have asked 3 times today; you can ask again tomorrow.')).toBeInTheDocument();
  });

  it('shows the server’s refusal (the daily limit)', async () => {
    const error = vi.spyOn(notify, 'error');
    serve([{ export: null, requests_left: 1 }], {
      '/v2/request-data-export': () => ({
        status: 429,
        message: 'You can ask for a copy of your data 3 times a day; please try again in 5 h',
      }),
    });
    renderRoute(<DataExportSection userId={7} />);
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('You can ask for a copy of your data 3 times a day; please try again in 5 h'),
    );
  });

  it('inside Telegram opens the link in the browser and has the bot send it to a linked chat', async () => {
    logIn(makeUser({ telegram_user_id: '4242' }));
    await openInTelegram('4242');
    const sdk = installFakeSdk();
    const success = vi.spyOn(notify, 'success');
    const api = serve([{ export: READY, requests_left: 2 }], {
      '/v2/send-data-export-to-telegram': () => ({
        data: { sent: true },
        message: 'The bot has sent you the link in Telegram',
      }),
    });
    renderRoute(<DataExportSection userId={7} />);
    const region = await section();
    expect(await within(region).findByText(/Telegram may not save files from here/)).toBeInTheDocument();
    const link = within(region).getByRole('link', { name: /^Download, until / });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(sdk.openLink).toHaveBeenCalledWith(new URL(READY.download_url!, window.location.href).href);
    await userEvent.click(within(region).getByRole('button', { name: 'Send the link to my Telegram chat' }));
    expect(api.callsTo('/v2/send-data-export-to-telegram')).toHaveLength(1);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The bot has sent you the link in Telegram'));
  });

  it('speaks Chinese', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    serve([{ export: copy({}), requests_left: 2 }]);
    renderRoute(<DataExportSection userId={7} />);
    const region = await screen.findByRole('region', { name: '您的数据' });
    expect(await within(region).findByRole('status')).toHaveTextContent('正在准备…');
  });
});
