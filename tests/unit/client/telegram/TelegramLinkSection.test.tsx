import './i18n-first';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { TelegramLinkSection } from '../../../../src/client/features/profile/components/TelegramLinkSection';
import { resetLaunchCache } from '../../../../src/client/lib/telegram/launch';
import { useSession } from '../../../../src/client/stores/session-store';
import { mockApi, openInTelegram, user } from './test-utils';

afterEach(() => {
  act(() => useSession.getState().clear());
  resetLaunchCache();
});

const renderSection = () =>
  render(
    <>
      <TelegramLinkSection />
      <Toaster />
    </>,
  );

describe('TelegramLinkSection', () => {
  it('shows the linked Telegram username and name', () => {
    useSession
      .getState()
      .setSession(user({ telegram_user_id: '42', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }), 't');
    renderSection();
    expect(screen.getByText('Linked to @mei_tea · Mei Chen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).not.toBeInTheDocument();
  });

  it('inside Telegram: links the current Telegram user and says so', async () => {
    const initData = openInTelegram('4242');
    useSession.getState().setSession(user(), 't');
    const api = mockApi({
      '/v2/link-telegram': () => ({
        data: {
          user_info: user({ telegram_user_id: '4242', telegram_username: 'mei_tea', telegram_name: 'Mei Chen' }),
          telegram_user: { id: '4242', username: 'mei_tea', name: 'Mei Chen' },
        },
      }),
    });
    renderSection();
    expect(screen.getByText('Not linked')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByText('Linked to @mei_tea · Mei Chen')).toBeInTheDocument();
    expect(await screen.findByText('Telegram linked successfully')).toBeInTheDocument();
    expect(api.callsTo('/v2/link-telegram')[0]?.body.get('init_data')).toBe(initData);
    expect(api.callsTo('/v2/link-telegram')[0]?.body.has('expected_telegram_user_id')).toBe(false);
  });

  it("shows the server's refusal at the button", async () => {
    openInTelegram('4242');
    useSession.getState().setSession(user(), 't');
    mockApi({
      '/v2/link-telegram': () => ({
        status: 409,
        message: 'This Telegram account is already linked to another account, so nothing was linked',
      }),
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Link Telegram' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already linked to another account');
    expect(screen.getByText('Not linked')).toBeInTheDocument();
  });

  it('outside Telegram: no link action, but says how to link', () => {
    useSession.getState().setSession(user(), 't');
    renderSection();
    expect(screen.queryByRole('button', { name: 'Link Telegram' })).not.toBeInTheDocument();
    expect(screen.getByText(/open the shop from our bot in Telegram/)).toBeInTheDocument();
  });
});
