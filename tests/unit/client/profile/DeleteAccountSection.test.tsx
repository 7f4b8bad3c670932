import type { AccountDeletionPreview } from '@common/contract/account-deletion';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { DeleteAccountSection } from '../../../../src/client/features/profile/components/DeleteAccountSection';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { notify } from '../../../../src/client/lib/toast';
import { useSession } from '../../../../src/client/stores/session-store';
import { mockApi, renderRoute } from '../toolkit';

afterEach(() => {
  vi.restoreAllMocks();
});

// The profile's "Delete my account" (docs/decisions/050): what happens first, then the password.

const previewOf = (over: Partial<AccountDeletionPreview> = {}) => ({
  data: {
    preview: {
      open_orders: [],
      cash_balance_cents: 1250,
      unpaid_commissions_cents: 0,
      subscriptions: 2,
      telegram_confirm: false,
      ...over,
    },
  },
});

async function openDialog() {
  renderRoute(<DeleteAccountSection userId={7} />, { path: '/profile', pattern: '/profile' });
  await userEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
  return screen.findByRole('dialog', { name: 'Delete my account' });
}

describe('DeleteAccountSection', () => {
  it('lists the open orders by number and offers no way to delete while there are any', async () => {
    const api = mockApi({
      '/v2/get-account-deletion': () =>
        previewOf({
          open_orders: [
            { id: 1, order_no: 'LC-20261201-0001', status: 'Paid' },
            { id: 2, order_no: 'LC-20261202-0002', status: 'Pending' },
          ],
        }),
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Complete or cancel these orders first:')).toBeInTheDocument();
    expect(within(dialog).getByText('Order LC-20261201-0001')).toBeInTheDocument();
    expect(within(dialog).getByText('Order LC-20261202-0002')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(api.callsTo('/v2/delete-account')).toEqual([]);
  });

  it('says the balance is forfeited and subscriptions end, then deletes with the password and logs out', async () => {
    const success = vi.spyOn(notify, 'success');
    useSession.getState().setSession({ id: 7 } as never, 'tok');
    const api = mockApi({
      '/v2/get-account-deletion': () => previewOf(),
      '/v2/delete-account': () => ({
        data: { deleted: true, confirm_sent: false },
        message: 'Your account has been deleted',
      }),
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('Your cash reward balance of $12.50 is forfeited.')).toBeInTheDocument();
    expect(within(dialog).getByText('Your 2 subscriptions end.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'Secret123!');
    await userEvent.click(confirm);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Your account has been deleted'));
    expect(api.callsTo('/v2/delete-account')[0]!.body.get('password')).toBe('Secret123!');
    // Home, logged out (not the log-in screen the profile's guard would send a guest to).
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(useSession.getState().token).toBeNull();
  });

  it('says an agent’s unpaid commissions are forfeited, with the amount, in English and Chinese', async () => {
    mockApi({ '/v2/get-account-deletion': () => previewOf({ unpaid_commissions_cents: 4321 }) });
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('Your commissions not paid out yet, $43.21, are forfeited.'),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    try {
      expect(await within(dialog).findByText('尚未发放给您的佣金 $43.21 将作废。')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('says nothing of commissions when none are unpaid', async () => {
    mockApi({ '/v2/get-account-deletion': () => previewOf() });
    const dialog = await openDialog();
    await within(dialog).findByText('Your 2 subscriptions end.');
    expect(within(dialog).queryByText(/commission/)).toBeNull();
  });

  it('shows a wrong password at the field and keeps the session', async () => {
    useSession.getState().setSession({ id: 7 } as never, 'tok');
    const wrong = 'The password is not correct, so the account was not deleted';
    mockApi({
      '/v2/get-account-deletion': () => previewOf({ cash_balance_cents: 0, subscriptions: 0 }),
      '/v2/delete-account': () => ({ status: 422, message: wrong, errors: [{ field: 'password', message: wrong }] }),
    });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('You have no cash reward balance.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/subscription/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
    expect(useSession.getState().token).toBe('tok');
  });

  it('offers the bot’s confirmation to an account linked to Telegram', async () => {
    const success = vi.spyOn(notify, 'success');
    const sent = 'We sent a message to your Telegram chat with our bot: press "Delete my account" there';
    const api = mockApi({
      '/v2/get-account-deletion': () => previewOf({ telegram_confirm: true }),
      '/v2/delete-account': () => ({ data: { deleted: false, confirm_sent: true }, message: sent }),
    });
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm in Telegram instead' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(sent));
    expect(api.callsTo('/v2/delete-account')[0]!.body.get('confirm_via')).toBe('telegram');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
