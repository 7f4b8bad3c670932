import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../../src/client/app/admin/locales';
import SubscriptionsPage from '../../../../src/client/features/admin-subscriptions/pages/SubscriptionsPage';
import { allowSlowScreens, mockApi, renderRoutes } from '../toolkit';
import { subscriptionRow } from './people-fixtures';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();

describe('back office: Subscriptions', () => {
  it('lists active subscriptions, filters by status and e-mail, and cancels one after confirming', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const { callsTo } = mockApi({
      '/admin/subscriptions/list': (body) => {
        if (body.get('status') === 'cancelled') {
          return { data: { subscriptions: [subscriptionRow(1, { status: 'cancelled' })], next_cursor: null } };
        }
        const rows = [subscriptionRow(3), subscriptionRow(2, { product: 'Oolong' })];
        return {
          data: {
            subscriptions: cancelled ? rows.filter((r) => r.id !== 3) : rows,
            next_cursor: null,
          },
        };
      },
      '/admin/subscriptions/cancel': (body) => {
        cancelled = true;
        return {
          data: { changed: true, subscription: subscriptionRow(Number(body.get('id')), { status: 'cancelled' }) },
        };
      },
    });
    renderRoutes([{ path: '/admin/subscriptions', Component: SubscriptionsPage }], '/admin/subscriptions');
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(callsTo('/admin/subscriptions/list')[0]!.body.get('status')).toBe('active');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('s3@example.com');
    expect(row).toHaveTextContent('Jasmine Pearls (100 g tin)');
    expect(row).toHaveTextContent('Every 4 weeks');
    expect(within(row).getByRole('link', { name: 's3@example.com' })).toHaveAttribute('href', '/admin/customers/43');

    // Cancel → confirm dialog → the call with the row's id.
    await user.click(screen.getByRole('button', { name: 'Cancel subscription 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this subscription?' });
    expect(dialog).toHaveTextContent('Jasmine Pearls (100 g tin) for s3@example.com, every 4 weeks');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/admin/subscriptions/cancel')).toHaveLength(1);
    expect(callsTo('/admin/subscriptions/cancel')[0]!.body.get('id')).toBe('3');
    expect(notify.success).toHaveBeenCalledWith('Subscription cancelled');
    await waitFor(() => expect(screen.queryByText('s3@example.com')).not.toBeInTheDocument());

    // "Keep it" closes without calling.
    await user.click(screen.getByRole('button', { name: 'Cancel subscription 2' }));
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(callsTo('/admin/subscriptions/cancel')).toHaveLength(1);

    // Filters.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    await waitFor(() => expect(screen.getByText('s1@example.com')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Cancel subscription/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Customer e-mail' }), 's1@');
    await waitFor(() => expect(callsTo('/admin/subscriptions/list').at(-1)!.body.get('email')).toBe('s1@'));
    expect(callsTo('/admin/subscriptions/list').at(-1)!.body.get('status')).toBe('cancelled');
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    mockApi({
      '/admin/subscriptions/list': () => ({ data: { subscriptions: [subscriptionRow(3)], next_cursor: null } }),
      '/admin/subscriptions/cancel': () => ({ status: 404, message: 'This subscription does not exist' }),
    });
    renderRoutes([{ path: '/admin/subscriptions', Component: SubscriptionsPage }], '/admin/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription 3' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This subscription does not exist');
  });
});
