import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../../src/client/app/admin/locales';
import AuditPage from '../../../../src/client/features/admin-audit/pages/AuditPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

allowSlowScreens();
logOutAfterEach();

const entry = (id: number, extra: Record<string, unknown>) => ({
  id,
  created_at: '2026-11-24T03:00:00.000Z',
  actor_user_id: 5,
  actor: 'mgr@example.com',
  source: 'admin',
  action: 'order.confirm_payment',
  entity: 'order',
  entity_id: '41',
  order_no: 'LC-20261124-ABCDEF',
  before: { status: 'Pending' },
  after: { status: 'Paid' },
  ...extra,
});

describe('back office: Audit log', () => {
  it('lists who did what and when, with before → after, and filters by staff member, kind and order number', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/audit/actors': () => ({
        data: {
          actors: [
            { user_id: 5, label: 'mgr@example.com' },
            { user_id: null, label: 'command line' },
          ],
        },
      }),
      '/admin/audit/list': (body) => ({
        data: {
          entries: body.get('cursor')
            ? [
                entry(1, {
                  action: 'staff.add',
                  entity: 'staff',
                  entity_id: '9',
                  order_no: null,
                  before: null,
                  after: { role: 'manager' },
                }),
              ]
            : [
                entry(3, {
                  actor_user_id: null,
                  actor: 'command line',
                  source: 'cli',
                  action: 'subscription.cancel',
                  entity: 'subscription',
                  entity_id: '7',
                  order_no: null,
                  before: { status: 'active', next_due_at: '2026-12-01T00:00:00.000Z' },
                  after: { status: 'cancelled' },
                }),
                entry(2, { source: 'bot' }),
              ],
          next_cursor: body.get('cursor') ? null : 2,
        },
      }),
    });
    renderRoutes([{ path: '/admin/audit', Component: AuditPage }], '/admin/audit');
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    const [cli, bot] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(cli).toHaveTextContent('command line');
    expect(cli).toHaveTextContent('subscription.cancel subscription #7');
    expect(cli).toHaveTextContent('status: active → cancelled');
    expect(cli).toHaveTextContent('next_due_at: 2026-12-01T00:00:00.000Z → —');
    expect(bot).toHaveTextContent('mgr@example.com');
    expect(bot).toHaveTextContent('via bot');
    expect(bot).toHaveTextContent('status: Pending → Paid');
    expect(within(bot!).getByRole('link', { name: 'order LC-20261124-ABCDEF' })).toHaveAttribute(
      'href',
      '/admin/orders/LC-20261124-ABCDEF',
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Audit log entries' })).toHaveTextContent('role: — → manager'),
    );
    expect(callsTo('/admin/audit/list').at(-1)!.body.get('cursor')).toBe('2');

    const staff = screen.getByRole('combobox', { name: 'Staff member' });
    await waitFor(() => expect(within(staff).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(staff, 'mgr@example.com');
    await waitFor(() => expect(callsTo('/admin/audit/list').at(-1)!.body.get('actor')).toBe('5'));
    await user.selectOptions(staff, 'command line');
    await waitFor(() => expect(callsTo('/admin/audit/list').at(-1)!.body.get('actor')).toBe('cli'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Orders');
    await waitFor(() => expect(callsTo('/admin/audit/list').at(-1)!.body.get('kind')).toBe('order'));
    await user.type(screen.getByRole('searchbox', { name: 'Order number' }), 'LC-20261124-ABCDEF');
    await waitFor(() => expect(callsTo('/admin/audit/list').at(-1)!.body.get('order_no')).toBe('LC-20261124-ABCDEF'));
    const last = callsTo('/admin/audit/list').at(-1)!.body;
    expect(last.get('actor')).toBe('cli');
    expect(last.get('kind')).toBe('order');
  });
});

describe('back office navigation for the people screens', () => {
  const nav = async (role: 'manager' | 'owner') => {
    asStaff(staffMe(role), { '/admin/customers/list': () => ({ data: { customers: [], next_cursor: null } }) });
    renderAdmin('/admin/customers');
    const links = within(await screen.findByRole('navigation', { name: 'Back office' }))
      .getAllByRole('link')
      .map((a) => a.textContent);
    return links;
  };

  it('a manager sees Customers and Subscriptions, not Staff or Audit log', async () => {
    const links = await nav('manager');
    expect(links).toEqual(expect.arrayContaining(['Customers', 'Subscriptions']));
    expect(links).not.toContain('Staff');
    expect(links).not.toContain('Audit log');
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument();
  });

  it('an owner sees Staff and Audit log too', async () => {
    const links = await nav('owner');
    expect(links).toEqual(expect.arrayContaining(['Customers', 'Subscriptions', 'Staff', 'Audit log']));
    expect(await screen.findByRole('heading', { name: 'Customers', level: 1 })).toBeInTheDocument();
  });
});
