import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CustomerPage from '../../../../src/client/features/admin-customers/pages/CustomerPage';
import { allowSlowScreens, type Handlers, mockApi, renderRoutes } from '../toolkit';
import { staffMe } from './staff-session';

// The owner deletes a customer's account on their request (docs/decisions/050): owners only, the customer's number
// typed as confirmation, the server's refusal shown, and the page asked again after a deletion.

allowSlowScreens();

const routes = [{ path: '/admin/customers/:id', Component: CustomerPage }];

const detail = (deleted = false) => ({
  profile: {
    id: 9,
    nickname: deleted ? 'Former customer #9' : 'Mei Wong',
    email: deleted ? 'deleted-9@deleted.invalid' : 'mei@example.com',
    phone: deleted ? 'deleted-9' : '+639170000009',
    language: 'en',
    joined_at: '2026-10-01T00:00:00.000Z',
    is_agent: false,
    commission_rate_bp: 0,
    referral_code: deleted ? 'deleted-9' : 'MEI9',
  },
  telegram: { linked: false, username: null, name: null },
  orders: { total: 0, latest: [] },
  cash_reward: { balance_cents: 0, entries: [] },
  referral: { upline: null, downlines_count: 0, downlines: [] },
  subscriptions: [],
});

function ownerPage(handlers: Handlers = {}) {
  let deleted = false;
  const api = mockApi({
    '/admin/me': () => ({ data: staffMe('owner') }),
    '/admin/customers/get': () => ({ data: detail(deleted) }),
    '/admin/customers/data-export': () => ({ data: { export: null } }),
    '/admin/customers/delete': () => {
      deleted = true;
      return { data: { deleted: true, id: 9 }, message: 'Customer #9 deleted' };
    },
    ...handlers,
  });
  renderRoutes(routes, '/admin/customers/9');
  return api;
}

async function openDialog() {
  const card = await screen.findByRole('region', { name: 'Delete account' });
  await userEvent.click(within(card).getByRole('button', { name: 'Delete account…' }));
  return screen.getByRole('dialog', { name: 'Delete the account of customer #9?' });
}

describe('back office: deleting a customer’s account', () => {
  it('shows nothing to a manager, who may not delete', async () => {
    const { callsTo } = mockApi({
      '/admin/me': () => ({ data: staffMe('manager') }),
      '/admin/customers/get': () => ({ data: detail() }),
    });
    renderRoutes(routes, '/admin/customers/9');
    expect(await screen.findByRole('heading', { name: 'Mei Wong', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/admin/me')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Delete account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete account…' })).toBeNull();
  });

  it('says what happens and asks for the customer’s number before asking the server', async () => {
    const { callsTo } = ownerPage();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('Their orders stay in the books as "Former customer #9"');
    expect(dialog).toHaveTextContent('Their cash reward balance is forfeited.');
    expect(dialog).toHaveTextContent('Their subscriptions end.');
    expect(dialog).toHaveTextContent(
      'Their name, e-mail, phone number, addresses, Telegram link and uploads are erased.',
    );
    expect(dialog).toHaveTextContent('This cannot be undone.');

    const field = within(dialog).getByLabelText('Type the customer’s number, 9, to confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type 9 to confirm');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // Another customer's number is not a confirmation either.
    await userEvent.type(field, '19');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type 9 to confirm');
    expect(callsTo('/admin/customers/delete')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes with the typed number, says so and shows the refreshed page', async () => {
    const { callsTo } = ownerPage();
    expect(await screen.findByRole('heading', { name: 'Mei Wong', level: 1 })).toBeInTheDocument();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Type the customer’s number, 9, to confirm'), ' 9 {Enter}');
    await waitFor(() => expect(callsTo('/admin/customers/delete')).toHaveLength(1));
    const body = callsTo('/admin/customers/delete')[0]!.body;
    expect(body.get('id')).toBe('9');
    expect(body.get('confirm')).toBe('9');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The account of customer #9 was deleted')).toBeInTheDocument();
    // The page is asked again and now shows the former customer.
    expect(await screen.findByRole('heading', { name: 'Former customer #9', level: 1 })).toBeInTheDocument();
    expect(callsTo('/admin/customers/get').length).toBeGreaterThanOrEqual(2);
    const card = screen.getByRole('region', { name: 'Delete account' });
    expect(within(card).getByRole('status')).toHaveTextContent('This account was deleted.');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows the server’s refusal (open orders) and keeps the dialog open', async () => {
    const refusal = 'The customer has open orders, which must be completed or cancelled first: LC-20261120-ABCDEF';
    const { callsTo } = ownerPage({ '/admin/customers/delete': () => ({ status: 409, message: refusal }) });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Type the customer’s number, 9, to confirm'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(callsTo('/admin/customers/delete')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Delete the account' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Mei Wong', level: 1 })).toBeInTheDocument();
    expect(callsTo('/admin/customers/get')).toHaveLength(1);
  });

  it('shows the server’s refusal of the typed number at the field', async () => {
    ownerPage({
      '/admin/customers/delete': () => ({
        status: 422,
        message: 'Refused',
        errors: [{ field: 'confirm', message: 'Type the customer’s number 9 to confirm' }],
      }),
    });
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText('Type the customer’s number, 9, to confirm');
    await userEvent.type(field, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type the customer’s number 9 to confirm');
  });
});
