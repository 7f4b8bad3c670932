import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { percentToBp } from '../../../../src/client/features/admin-affiliates/percent';
import { logOutAfterEach, renderAdmin, staffMe } from '../admin/staff-session';
import { logIn, makeUser } from '../toolkit';
import { affiliatesApi, agent, commission, payout, renderPage } from './fixtures';

logOutAfterEach();

describe('percentToBp', () => {
  it('reads a percentage exactly, refusing anything else', () => {
    expect(percentToBp('10')).toBe(1000);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp(' 7,25 ')).toBe(725);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['', 'abc', '100.01', '-1', '1.234', '1e2']) expect(percentToBp(bad)).toBeNull();
  });
});

describe('the Affiliates screen', () => {
  it('is in the back office’s navigation for a manager, not for a fulfilment member', async () => {
    logIn(makeUser());
    affiliatesApi({ '/admin/me': () => ({ data: staffMe('manager') }) });
    const view = renderAdmin('/admin/affiliates');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Affiliates' })).toHaveAttribute('href', '/admin/affiliates');
    expect(await screen.findByRole('heading', { name: 'Affiliates', level: 1 })).toBeInTheDocument();
    view.unmount();

    affiliatesApi({ '/admin/me': () => ({ data: staffMe('fulfilment') }) });
    renderAdmin('/admin/affiliates');
    const nav2 = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav2).queryByRole('link', { name: 'Affiliates' })).toBeNull();
  });

  it('lists agents with their totals; Make agent sends the e-mail and the rate in basis points', async () => {
    const user = userEvent.setup();
    const api = affiliatesApi({
      '/admin/affiliates/make-agent': (body) => ({ data: agent({ email: body.get('email'), rate_bp: 1250 }) }),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Agents' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('ana@example.com');
    expect(rows[1]).toHaveTextContent('12.5%');
    expect(rows[1]).toHaveTextContent('Pending Payment: $30.00');
    expect(rows[1]).toHaveTextContent('$5.00');
    expect(rows[2]).toHaveTextContent('Revoked');
    expect(within(rows[2]!).getByRole('button', { name: 'Make agent again' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an agent' });
    expect(within(dialog).getByText(/the shop’s default \(10%\)/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Account e-mail'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Commission rate (%)'), '12,5x');
    await user.click(within(dialog).getByRole('button', { name: 'Make agent' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a percentage from 0 to 100');
    expect(api.callsTo('/admin/affiliates/make-agent')).toHaveLength(0);

    const rate = within(dialog).getByLabelText('Commission rate (%)');
    await user.clear(rate);
    await user.type(rate, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Make agent' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/make-agent')).toHaveLength(1));
    const sent = api.callsTo('/admin/affiliates/make-agent')[0]!.body;
    expect(sent.get('email')).toBe('new@example.com');
    expect(sent.get('rate_bp')).toBe('1250');
    expect(await screen.findByText('new@example.com is an agent at 12.5%')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits an agent’s rate and revokes it, saying the commissions are kept', async () => {
    const user = userEvent.setup();
    const api = affiliatesApi({
      '/admin/affiliates/rate': (body) => ({ data: agent({ rate_bp: Number(body.get('rate_bp')) }) }),
      '/admin/affiliates/revoke': () => ({ data: agent({ is_agent: false }) }),
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit the rate of ana@example.com' }));
    const rateDialog = await screen.findByRole('dialog', { name: 'Commission rate of ana@example.com' });
    const rate = within(rateDialog).getByLabelText('Commission rate (%)');
    expect(rate).toHaveValue('12.5');
    await user.clear(rate);
    await user.type(rate, '8');
    await user.click(within(rateDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/rate')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('/admin/affiliates/rate')[0]!.body)).toMatchObject({
      user_id: '5',
      rate_bp: '800',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Revoke ana@example.com' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke ana@example.com?' });
    expect(revoke).toHaveTextContent('Their commissions are kept');
    await user.click(within(revoke).getByRole('button', { name: 'Revoke agent' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/revoke')).toHaveLength(1));
    expect(api.callsTo('/admin/affiliates/revoke')[0]!.body.get('user_id')).toBe('5');
  });

  it('Commissions: filters by status and agent; offers only the allowed actions; Cancel asks first', async () => {
    const user = userEvent.setup();
    const api = affiliatesApi({
      '/admin/affiliates/commission-status': (body) =>
        body.get('action') === 'hold'
          ? {
              status: 409,
              message: 'The commission is Canceled: only Not Confirm or Pending Payment can be put on hold',
            }
          : { data: commission(1, body.get('action') === 'confirm' ? 'Pending Payment' : 'Canceled', []) },
    });
    renderPage();
    // An agent's "Commissions" opens the tab filtered by that agent.
    await user.click(await screen.findByRole('button', { name: 'Commissions of ana@example.com' }));
    expect(screen.getByRole('tab', { name: 'Commissions' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Commissions' });
    await waitFor(() =>
      expect(api.callsTo('/admin/affiliates/commissions').at(-1)!.body.get('agent')).toBe('ana@example.com'),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'On Hold');
    await waitFor(() =>
      expect(api.callsTo('/admin/affiliates/commissions').at(-1)!.body.get('status')).toBe('On Hold'),
    );

    const [, open, paid] = within(table).getAllByRole('row');
    expect(
      within(open!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Confirm', 'Hold', 'Cancel']);
    expect(within(paid!).queryAllByRole('button')).toHaveLength(0);

    await user.click(within(open!).getByRole('button', { name: 'Confirm commission 1' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/commission-status')).toHaveLength(1));
    expect(api.callsTo('/admin/affiliates/commission-status')[0]!.body.get('action')).toBe('confirm');
    expect(await screen.findByText('Commission confirmed: Pending Payment')).toBeInTheDocument();

    await user.click(within(open!).getByRole('button', { name: 'Hold commission 1' }));
    expect(
      await screen.findByText('The commission is Canceled: only Not Confirm or Pending Payment can be put on hold'),
    ).toBeInTheDocument();

    await user.click(within(open!).getByRole('button', { name: 'Cancel commission 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel commission 1?' });
    expect(dialog).toHaveTextContent('$10.00 for ana@example.com on order LC-1 will not be paid');
    expect(api.callsTo('/admin/affiliates/commission-status')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel commission' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/commission-status')).toHaveLength(3));
    expect(api.callsTo('/admin/affiliates/commission-status')[2]!.body.get('action')).toBe('cancel');
  });

  it('Payout requests: requested first, with the bank details; Mark as paid with a reference; Reject needs a reason', async () => {
    const user = userEvent.setup();
    const api = affiliatesApi({
      '/admin/affiliates/payout-paid': (body) => ({
        data: payout(7, { status: 'paid', reference: body.get('reference') }),
      }),
      '/admin/affiliates/payout-reject': (body) => ({
        data: payout(7, { status: 'rejected', reject_reason: body.get('reason') }),
      }),
    });
    renderPage('/admin/affiliates?tab=payouts');
    const table = await screen.findByRole('table', { name: 'Payout requests' });
    expect(api.callsTo('/admin/affiliates/payouts')[0]!.body.get('status')).toBe('requested');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('BDO');
    expect(row).toHaveTextContent('Ana Agent');
    expect(row).toHaveTextContent('1234-5678');
    expect(row).toHaveTextContent('$25.00');

    await user.click(within(row).getByRole('button', { name: 'Mark payout request 7 as paid' }));
    const paid = await screen.findByRole('dialog', { name: 'Mark $25.00 to ana@example.com as paid' });
    expect(paid).toHaveTextContent('1234-5678');
    await user.type(within(paid).getByLabelText('Transfer reference (optional)'), 'TRX-9');
    await user.click(within(paid).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/payout-paid')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('/admin/affiliates/payout-paid')[0]!.body)).toMatchObject({
      payout_id: '7',
      reference: 'TRX-9',
    });
    expect(await screen.findByText('Payout of $25.00 marked as paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(row).getByRole('button', { name: 'Reject payout request 7' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject $25.00 for ana@example.com' });
    expect(reject).toHaveTextContent('can request the amount again');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(within(reject).getByRole('alert')).toHaveTextContent('Give the reason the agent will see');
    expect(api.callsTo('/admin/affiliates/payout-reject')).toHaveLength(0);
    await user.type(within(reject).getByLabelText('Reason the agent sees'), 'Account name does not match');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('/admin/affiliates/payout-reject')).toHaveLength(1));
    expect(api.callsTo('/admin/affiliates/payout-reject')[0]!.body.get('reason')).toBe('Account name does not match');
  });

  it('shows a decided request’s reference or reason, and speaks Chinese', async () => {
    affiliatesApi({
      '/admin/affiliates/payouts': () => ({
        data: {
          payouts: [
            payout(8, {
              status: 'rejected',
              reject_reason: '户名不符',
              decided_at: '2026-11-22T10:00:00.000Z',
              decided_by: 'mgr@example.com',
            }),
          ],
          next_cursor: null,
        },
      }),
    });
    renderPage('/admin/affiliates?tab=payouts', 'zh');
    const table = await screen.findByRole('table', { name: '付款申请' });
    expect(table).toHaveTextContent('已拒绝');
    expect(table).toHaveTextContent('原因：户名不符');
    expect(table).toHaveTextContent('mgr@example.com');
    expect(screen.getByRole('tab', { name: '推广员' })).toBeInTheDocument();
  });
});
