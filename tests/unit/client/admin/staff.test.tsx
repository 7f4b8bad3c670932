import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../../src/client/app/admin/locales';
import StaffPage from '../../../../src/client/features/admin-staff/pages/StaffPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();

const member = (user_id: number, email: string, role: string, extra: Record<string, unknown> = {}) => ({
  user_id,
  email,
  nickname: email.split('@')[0],
  role,
  notify_telegram: true,
  telegram_linked: false,
  created_at: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const staff = () => ({
  staff: [
    member(1, 'owner@example.com', 'owner', { telegram_linked: true }),
    member(2, 'pack@example.com', 'fulfilment', { notify_telegram: false }),
  ],
});

const renderStaff = () => renderRoutes([{ path: '/admin/staff', Component: StaffPage }], '/admin/staff');

describe('back office: Staff', () => {
  it('lists the staff with role, Telegram and alerts', async () => {
    mockApi({ '/admin/staff/list': () => ({ data: staff() }) });
    renderStaff();
    const table = await screen.findByRole('table', { name: 'The shop’s staff' });
    const [, owner, packer] = within(table).getAllByRole('row');
    expect(owner).toHaveTextContent('owner@example.com');
    expect(owner).toHaveTextContent('Linked');
    expect(within(owner!).getByRole('combobox', { name: 'Role of owner@example.com' })).toHaveValue('owner');
    expect(packer).toHaveTextContent('Not linked');
    expect(packer).toHaveTextContent('Off');
  });

  it('adds staff by e-mail and role, and shows the server’s refusal at the e-mail field', async () => {
    const user = userEvent.setup();
    let known = false;
    const { callsTo } = mockApi({
      '/admin/staff/list': () => ({ data: staff() }),
      '/admin/staff/add': (body) =>
        known
          ? { data: member(3, String(body.get('email')), String(body.get('role'))) }
          : {
              status: 404,
              message: 'No account has this e-mail address; the person must register first',
              errors: [
                { field: 'email', message: 'No account has this e-mail address; the person must register first' },
              ],
            },
    });
    renderStaff();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    // Nothing typed: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Enter the e-mail address of the person’s shop account'),
    ).toBeInTheDocument();
    expect(callsTo('/admin/staff/add')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('E-mail'), 'new@example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const email = within(dialog).getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      'The person must have a shop account with this e-mail address. No account has this e-mail address; the person must register first',
    );
    expect(callsTo('/admin/staff/add')[0]!.body.get('email')).toBe('new@example.com');
    expect(callsTo('/admin/staff/add')[0]!.body.get('role')).toBe('manager');

    known = true;
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('Staff member added');
    // The list is read again.
    await waitFor(() => expect(callsTo('/admin/staff/list').length).toBeGreaterThan(1));
  });

  it('changes a role after confirming, and shows "last owner" in the dialog', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/staff/list': () => ({ data: staff() }),
      '/admin/staff/role': (body) =>
        body.get('user_id') === '1'
          ? { status: 409, message: 'The shop must keep at least one owner' }
          : { data: member(2, 'pack@example.com', String(body.get('role'))) },
    });
    renderStaff();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of pack@example.com' }), 'Manager');
    let dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    expect(dialog).toHaveTextContent('pack@example.com becomes Manager.');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Object.fromEntries(callsTo('/admin/staff/role')[0]!.body)).toMatchObject({ user_id: '2', role: 'manager' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of owner@example.com' }), 'Fulfilment');
    dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The shop must keep at least one owner');
    // Cancel leaves the role as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('combobox', { name: 'Role of owner@example.com' })).toHaveValue('owner');
  });

  it('removes a member after confirming', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/staff/list': () => ({ data: staff() }),
      '/admin/staff/remove': (body) => ({ data: { user_id: Number(body.get('user_id')) } }),
    });
    renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Remove pack@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the staff?' });
    expect(dialog).toHaveTextContent('pack@example.com will no longer be able to use the back office.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/admin/staff/remove')[0]!.body.get('user_id')).toBe('2');
    expect(notify.success).toHaveBeenCalledWith('Staff member removed');
  });
});
