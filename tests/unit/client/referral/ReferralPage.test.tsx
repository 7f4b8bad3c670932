import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UnguardedReferralPage from '../../../../src/client/features/referral/pages/ReferralPage';
import { useSession } from '../../../../src/client/stores/session-store';
import { logIn, makeUser, mockApi, renderRoute } from '../toolkit';
import { guarded } from '../toolkit/guarded';

// The page as the router serves it: behind RequireUser (app/guards).
const ReferralPage = guarded('referral', UnguardedReferralPage);

const LINK = 'https://shop.example.com/MEI7';

function member(
  id: number,
  nickname: string,
  active: boolean,
  award_status: string | null = active ? 'credited' : null,
) {
  return {
    id,
    nickname,
    joined_at: '2026-03-04T10:00:00.000Z',
    via: 'link',
    status: active ? 'Active' : 'Inactive',
    award_cents: award_status === 'credited' ? 500 : 0,
    award_status,
  };
}

function referralApi(pages: Array<{ members: ReturnType<typeof member>[]; next_cursor: string | null }>) {
  return mockApi({
    '/v2/get-referral-link-customer-version': () => ({ data: { code: 'MEI7', link: LINK, qr_payload: LINK } }),
    '/v2/get-referral-member-award': (body) => {
      const page = body.get('cursor') ? pages[1] : pages[0];
      return {
        data: {
          ...page,
          total_members: 3,
          active_members: 1,
          award_per_member_cents: 500,
          total_award_cents: 500,
        },
      };
    },
  });
}

afterEach(() => {
  useSession.getState().clear();
});

describe('Referral page', () => {
  it('sends a guest to the login screen, coming back to /referral', async () => {
    mockApi({});
    renderRoute(<ReferralPage />, { path: '/referral', pattern: '/referral' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=/referral'));
  });

  it('sends an agent to /affiliate', async () => {
    mockApi({});
    logIn(makeUser({ is_agent: 1 }));
    renderRoute(<ReferralPage />, { path: '/referral', pattern: '/referral' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/affiliate$/));
  });

  it('shows the code, the link, the QR code, the totals and the members (Load more)', async () => {
    const user = userEvent.setup();
    logIn();
    const { callsTo } = referralApi([
      { members: [member(3, 'Carol', false), member(2, 'Bob', true, 'on_hold')], next_cursor: '2' },
      { members: [member(1, 'Alice', true)], next_cursor: null },
    ]);
    renderRoute(<ReferralPage />, { path: '/referral', pattern: '/referral' });

    expect(await screen.findByLabelText('Your referral code')).toHaveValue('MEI7');
    // An award the shop holds (the two accounts share a signal) says so instead of $0.00.
    const bob = (await screen.findByText('Bob')).closest('tr');
    expect(bob).toHaveTextContent('On Hold: the shop is checking it');
    expect(screen.getByLabelText('Your referral link')).toHaveValue(LINK);
    expect(screen.getByRole('img', { name: 'QR code of your referral link' })).toBeInTheDocument();
    expect(screen.getByText(/completes their first order, you earn \$5\.00/)).toBeInTheDocument();
    const totals = screen.getByText('Total award').closest('div');
    expect(totals).toHaveTextContent('$5.00');

    const table = await screen.findByRole('table', { name: 'Referred members' });
    expect(within(table).getByText('Carol')).toBeInTheDocument();
    expect(within(table).queryByText('Alice')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Alice')).toBeInTheDocument();
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo('/v2/get-referral-member-award')[1]?.body.get('cursor')).toBe('2');
    // Authenticated calls carry the bearer token.
    const init = (globalThis.fetch as unknown as { mock: { calls: Array<[unknown, RequestInit]> } }).mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tok-123');
  });

  it('copies the link, and says "Failed to copy text: {{txt}}" when copying fails', async () => {
    const user = userEvent.setup();
    logIn();
    referralApi([{ members: [], next_cursor: null }]);
    renderRoute(<ReferralPage />, { path: '/referral', pattern: '/referral' });
    const copyLink = await screen.findByRole('button', { name: 'Copy link' });

    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(copyLink);
    expect(write).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    write.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    const execCommand = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(copyLink);
    expect(await screen.findByText(`Failed to copy text: ${LINK}`)).toBeInTheDocument();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByText('No one has joined with your code yet.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the link cannot load', async () => {
    logIn();
    mockApi({
      '/v2/get-referral-link-customer-version': () => ({ status: 500, message: 'boom' }),
      '/v2/get-referral-member-award': () => ({ status: 500, message: 'boom' }),
    });
    renderRoute(<ReferralPage />, { path: '/referral', pattern: '/referral' });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Could not load this. Check your connection and try again.');
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
