import type { AdminExchangeRow } from '@common/contract/admin/exchanges';
import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderExchanges } from '../../../../src/client/features/admin-orders/components/OrderExchanges';
import { allowSlowScreens, mockApi, renderRoute } from '../toolkit';
import { installFakeSdk, removeSdk } from '../toolkit/telegram';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

// The back office's Exchanges (docs/decisions/020): the list by status, Approve / Decline with the required text for
// owners and managers, read-only for fulfilment.

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();
logOutAfterEach();

const row = (id: number, overrides: Partial<AdminExchangeRow> = {}): AdminExchangeRow => ({
  id,
  order_id: 40 + id,
  order_no: `LC-${id}`,
  customer: { id: 5, nickname: 'Ann', email: 'ann@example.com' },
  order_item_id: 100 + id,
  name: 'Tie Guan Yin',
  variant_name: '100 g Tin',
  quantity: 1,
  line_quantity: 2,
  reason: 'damaged',
  note: 'The lid was dented',
  photo_url: `/v1/exchange-photo/${id}?u=5&exp=1&sig=x`,
  status: 'requested',
  answer: null,
  decided_by: null,
  decided_at: null,
  created_at: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

describe('back office: Exchanges', () => {
  it('lets a manager approve a request with what is sent instead (required)', async () => {
    const user = userEvent.setup();
    let approved = false;
    const api = asStaff(staffMe('manager'), {
      '/admin/exchanges': (body) => ({
        data: {
          requests:
            body.get('status') === 'declined'
              ? [
                  row(2, {
                    status: 'declined',
                    answer: 'Opened',
                    decided_by: 'owner@example.com',
                    decided_at: '2026-11-24T09:00:00.000Z',
                  }),
                ]
              : [approved ? row(3, { status: 'approved', answer: 'A new tin' }) : row(3)],
          next_cursor: null,
        },
      }),
      '/admin/exchanges/approve': (body) => {
        approved = true;
        return {
          message: 'Exchange approved: the customer is told',
          data: { request: row(Number(body.get('id')), { status: 'approved', answer: body.get('answer') }) },
        };
      },
    });
    renderAdmin('/admin/exchanges?status=requested');
    const table = await screen.findByRole('table', { name: 'Exchange requests, newest first' });
    expect(api.callsTo('/admin/exchanges')[0]!.body.get('status')).toBe('requested');
    const line = within(table).getAllByRole('row')[1]!;
    expect(line).toHaveTextContent('Tie Guan Yin (100 g Tin) × 1 of 2');
    expect(line).toHaveTextContent('Damaged: The lid was dented');
    expect(within(line).getByRole('link', { name: 'Photo' })).toHaveAttribute(
      'href',
      '/v1/exchange-photo/3?u=5&exp=1&sig=x',
    );
    expect(within(line).getByRole('link', { name: 'LC-3' })).toHaveAttribute('href', '/admin/orders/LC-3');

    await user.click(
      within(line).getByRole('button', {
        name: 'Approve the exchange of Tie Guan Yin (100 g Tin) × 1 of 2 (order LC-3)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve the exchange' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('This must not be empty')).toBeInTheDocument();
    expect(api.callsTo('/admin/exchanges/approve')).toHaveLength(0);
    const field = within(dialog).getByLabelText('What is sent instead');
    expect(field).toHaveFocus();
    await user.type(field, 'A new tin');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = api.callsTo('/admin/exchanges/approve');
    expect([call!.body.get('id'), call!.body.get('answer')]).toEqual(['3', 'A new tin']);
    expect(notify.success).toHaveBeenCalledWith('Exchange approved: the customer is told');
    expect(await screen.findByText('Sending: A new tin')).toBeInTheDocument();
    // Approve and Decline are gone: the focus is on the request's new status, not lost to the page's body.
    expect(within(line).queryByRole('button')).toBeNull();
    await waitFor(() => expect(within(table).getByText('Approved')).toHaveFocus());

    // The status filter asks the server again.
    await user.selectOptions(screen.getByLabelText('Status'), 'Declined');
    expect(await screen.findByText('Declined: Opened')).toBeInTheDocument();
    expect(screen.getByText(/by owner@example.com/)).toBeInTheDocument();
  });

  it('declined, a request the filter no longer shows leaves the focus on the page’s title, not the body', async () => {
    const user = userEvent.setup();
    let declined = false;
    asStaff(staffMe('owner'), {
      '/admin/exchanges': () => ({ data: { requests: declined ? [] : [row(4)], next_cursor: null } }),
      '/admin/exchanges/decline': (body) => {
        declined = true;
        return {
          message: 'Exchange declined: the customer is told',
          data: { request: row(Number(body.get('id')), { status: 'declined', answer: body.get('answer') }) },
        };
      },
    });
    renderAdmin('/admin/exchanges?status=requested');
    const table = await screen.findByRole('table', { name: 'Exchange requests, newest first' });
    await user.click(within(table).getByRole('button', { name: /^Decline the exchange of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the exchange' });
    await user.type(within(dialog).getByRole('textbox'), 'Opened');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('Exchange declined: the customer is told');
    expect(await screen.findByText('No exchange requests match.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Exchanges' })).toHaveFocus());
  });

  it('opens a photo in a new tab in a browser, and through Telegram inside Telegram (not a web-view tab)', async () => {
    asStaff(staffMe('manager'), {
      '/admin/exchanges': () => ({ data: { requests: [row(3)], next_cursor: null } }),
    });
    renderAdmin('/admin/exchanges');
    const table = await screen.findByRole('table', { name: 'Exchange requests, newest first' });
    const photo = within(table).getByRole('link', { name: 'Photo' });
    expect(photo).toHaveAttribute('target', '_blank');
    const sdk = installFakeSdk();
    try {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      photo.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      expect(sdk.openLink).toHaveBeenCalledWith(
        new URL('/v1/exchange-photo/3?u=5&exp=1&sig=x', window.location.href).href,
      );
    } finally {
      removeSdk();
    }
    // In a browser the link opens as a link does.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    photo.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(sdk.openLink).toHaveBeenCalledTimes(1);
  });

  it('shows fulfilment the requests read-only', async () => {
    asStaff(staffMe('fulfilment'), {
      '/admin/exchanges': () => ({ data: { requests: [row(4)], next_cursor: null } }),
    });
    renderAdmin('/admin/exchanges');
    const table = await screen.findByRole('table', { name: 'Exchange requests, newest first' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('LC-4');
    expect(
      screen.getByText('Your role sees exchange requests; an owner or a manager decides them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Decline/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exchanges' })).toBeInTheDocument();
  });
});

describe("back office: an order's exchange requests on its page", () => {
  const order = { id: 42, order_no: 'LC-42', status: 'Completed' } as AdminOrderDetail;

  it('lists them, with the way to the Exchanges screen', async () => {
    mockApi({ '/admin/exchanges': () => ({ data: { requests: [row(1)], next_cursor: null } }) });
    renderRoute(<OrderExchanges d={order} />);
    const card = await screen.findByRole('region', { name: 'Exchanges' });
    expect(card).toHaveTextContent('Tie Guan Yin (100 g Tin) × 1: Requested');
    expect(within(card).getByRole('link', { name: 'Open in Exchanges' })).toHaveAttribute(
      'href',
      '/admin/exchanges?order=42&no=LC-42',
    );
  });

  it('says when they could not be loaded (not "none"), and tries again', async () => {
    let fail = true;
    mockApi({
      '/admin/exchanges': () =>
        fail ? { status: 500, message: 'boom' } : { data: { requests: [row(1)], next_cursor: null } },
    });
    renderRoute(<OrderExchanges d={order} />);
    const card = await screen.findByRole('region', { name: 'Exchanges' }, { timeout: 5000 });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Could not load this. Check your connection and try again.',
    );
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(card).toHaveTextContent('Tie Guan Yin (100 g Tin) × 1: Requested'));
  });
});
