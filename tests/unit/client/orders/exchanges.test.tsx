import type { ExchangeRequest, OrderExchanges } from '@common/contract/exchanges';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UnguardedOrdersPage from '../../../../src/client/features/orders/pages/OrdersPage';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { allowSlowScreens, type Handlers, logIn, mockApi, orderDetails, renderRoutes, resetStores } from '../toolkit';
import { guarded } from '../toolkit/guarded';

// "Request exchange" on a completed order's page (docs/decisions/020): the deadline, each request's status, the form.

allowSlowScreens();

const OrdersPage = guarded('order', UnguardedOrdersPage);
const base = orderDetails();
const order = orderDetails({
  id: 42,
  order_no: 'LC-42',
  status: 'Completed',
  can_change: false,
  completed_at: '2026-11-20T10:00:00.000Z',
  items: [
    base.items[0]!,
    {
      ...base.items[0]!,
      id: 2,
      product_id: 6,
      variant_id: 61,
      name: 'Tie Guan Yin',
      variant_name: '100 g Tin',
      quantity: 3,
    },
  ],
});

const request = (overrides: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  id: 7,
  order_item_id: 1,
  name: 'Earl Grey Cream',
  variant_name: '50 g Pouch',
  quantity: 2,
  reason: 'damaged',
  note: null,
  photo_url: null,
  status: 'approved',
  answer: 'A new pouch of Earl Grey Cream',
  created_at: '2026-11-21T10:00:00.000Z',
  decided_at: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

const exchanges = (overrides: Partial<OrderExchanges> = {}): OrderExchanges => ({
  deadline: '2026-12-04T10:00:00.000Z',
  can_request: true,
  open_item_ids: [2],
  requests: [request()],
  ...overrides,
});

function handlers(extra: Handlers = {}): Handlers {
  return {
    '/v1/get-orders': () => ({ data: { orders: [], next_cursor: null } }),
    '/v1/get-order-details': () => ({ data: { order } }),
    '/v1/get-order-exchanges': () => ({ data: exchanges() }),
    ...extra,
  };
}

const renderOrder = (lang?: 'en' | 'zh') =>
  renderRoutes([{ path: '/order', Component: OrdersPage }], '/order?id=42', lang ? { lang } : {});

beforeEach(() => {
  resetStores();
  logIn();
});
afterEach(() => {
  resetStores();
});

describe('Request exchange', () => {
  it('shows the deadline and each request’s status with staff’s answer', async () => {
    mockApi(
      handlers({
        '/v1/get-order-exchanges': () => ({
          data: exchanges({
            open_item_ids: [],
            requests: [
              request(),
              request({
                id: 8,
                order_item_id: 2,
                status: 'declined',
                answer: 'The tin was opened',
                name: 'Tie Guan Yin',
                variant_name: '100 g Tin',
                quantity: 1,
              }),
            ],
          }),
        }),
      }),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    const section = await within(dialog).findByRole('region', { name: 'Exchanges' });
    expect(section).toHaveTextContent(/Exchange possible until/);
    const list = within(section).getByRole('list', { name: 'Exchange requests of this order' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Earl Grey Cream (50 g Pouch) × 2');
    expect(first).toHaveTextContent('Approved: A new pouch of Earl Grey Cream');
    expect(second).toHaveTextContent('Declined: The tin was opened');
    // Every line has been asked for: no button.
    expect(within(section).queryByRole('button', { name: /Request exchange: order/ })).not.toBeInTheDocument();
  });

  it('asks for a line with a reason, a note and a photo; "Other" needs a note', async () => {
    const user = userEvent.setup();
    const api = mockApi(
      handlers({
        '/v1/request-exchange': () => ({
          message: 'Exchange requested: we will answer soon',
          data: exchanges({
            open_item_ids: [],
            requests: [
              request(),
              request({
                id: 9,
                order_item_id: 2,
                status: 'requested',
                answer: null,
                name: 'Tie Guan Yin',
                variant_name: '100 g Tin',
                quantity: 1,
                reason: 'other',
                note: 'Tastes stale',
              }),
            ],
          }),
        }),
      }),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Request exchange: order LC-42' }));
    const form = within(dialog).getByRole('form', { name: 'Request exchange' });
    // Only the line not asked for yet is offered.
    const item = within(form).getByLabelText('Item');
    expect(
      within(item)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tie Guan Yin (100 g Tin) × 3']);
    const quantity = within(form).getByLabelText('Quantity');
    expect(quantity).toHaveValue(3);
    await user.clear(quantity);
    await user.type(quantity, '1');
    await user.click(within(form).getByRole('radio', { name: 'Other' }));
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Please tell us what is wrong')).toBeInTheDocument();
    expect(within(form).getByLabelText('Note')).toHaveFocus();
    expect(api.callsTo('/v1/request-exchange')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Note'), 'Tastes stale');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tin.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Photo (optional)'), photo);
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.callsTo('/v1/request-exchange')).toHaveLength(1));
    const [call] = api.callsTo('/v1/request-exchange');
    expect(call!.multipart).toBe(true);
    expect(
      Object.fromEntries(
        ['order_id', 'order_item_id', 'quantity', 'reason', 'note'].map((k) => [k, call!.body.get(k)]),
      ),
    ).toEqual({
      order_id: '42',
      order_item_id: '2',
      quantity: '1',
      reason: 'other',
      note: 'Tastes stale',
    });
    expect(call!.files.photo?.name).toBe('tin.png');
    expect(await within(dialog).findByText('Requested: we will answer soon')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Request exchange' })).not.toBeInTheDocument();
  });

  it('keeps the focus: on the form’s first field when opened, back on "Request exchange" when cancelled, on the section once sent', async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        '/v1/request-exchange': () => ({
          message: 'Exchange requested: we will answer soon',
          data: exchanges({
            open_item_ids: [],
            requests: [request(), request({ id: 9, order_item_id: 2, status: 'requested', answer: null })],
          }),
        }),
      }),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    const ask = await within(dialog).findByRole('button', { name: 'Request exchange: order LC-42' });
    // The visible label is the start of the button's name (WCAG 2.5.3, label in name).
    expect(ask).toHaveTextContent(/^Request exchange$/);
    await user.click(ask);
    expect(within(dialog).getByLabelText('Item')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Request exchange: order LC-42' })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request exchange: order LC-42' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Exchanges' })).toHaveFocus());
  });

  it('once asked, the exchanges read earlier in the other language are read again (not shown out of date)', async () => {
    const user = userEvent.setup();
    let asked = false;
    const now = () =>
      asked
        ? exchanges({
            open_item_ids: [],
            requests: [request(), request({ id: 9, order_item_id: 2, status: 'requested', answer: null })],
          })
        : exchanges();
    const api = mockApi(
      handlers({
        '/v1/get-order-exchanges': () => ({ data: now() }),
        '/v1/request-exchange': () => {
          asked = true;
          return { message: 'Exchange requested: we will answer soon', data: now() };
        },
      }),
    );
    try {
      // The order's dialog is drawn again when the language changes: always the current one.
      const dialog = () => screen.getByRole('dialog', { name: /LC-42/ });
      // As the app keeps answers (App.tsx: fresh for a minute).
      renderRoutes([{ path: '/order', Component: OrdersPage }], '/order?id=42', { lang: 'zh', staleTime: 60_000 });
      await screen.findByRole('button', { name: '申请换货：订单 LC-42' });
      await act(() => i18n.changeLanguage('en'));
      await user.click(await screen.findByRole('button', { name: 'Request exchange: order LC-42' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Send request' }));
      await within(dialog()).findByText('Requested: we will answer soon');
      const reads = api.callsTo('/v1/get-order-exchanges').length;
      await act(() => i18n.changeLanguage('zh'));
      await waitFor(() => expect(api.callsTo('/v1/get-order-exchanges').length).toBe(reads + 1));
      expect(await within(dialog()).findByText('已申请：我们会尽快答复')).toBeInTheDocument();
      expect(within(dialog()).queryByRole('button', { name: '申请换货：订单 LC-42' })).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows the server’s refusal at its field', async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        '/v1/request-exchange': () => ({
          status: 422,
          message: 'The photo must be a PNG, JPEG or WebP image',
          errors: [{ field: 'photo', message: 'The photo must be a PNG, JPEG or WebP image' }],
        }),
      }),
    );
    renderOrder();
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    await user.click(await within(dialog).findByRole('button', { name: 'Request exchange: order LC-42' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const input = within(dialog).getByLabelText('Photo (optional)');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/The photo must be a PNG, JPEG or WebP image/);
  });

  it('speaks Chinese and says when the time to ask has passed', async () => {
    mockApi(
      handlers({
        '/v1/get-order-exchanges': () => ({ data: exchanges({ can_request: false, open_item_ids: [], requests: [] }) }),
      }),
    );
    renderOrder('zh');
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    const section = await within(dialog).findByRole('region', { name: '换货' });
    expect(section).toHaveTextContent(/换货申请已于 .* 截止/);
    expect(within(section).queryByRole('button', { name: /申请换货/ })).not.toBeInTheDocument();
  });

  it('offers “申请换货” in Chinese', async () => {
    mockApi(handlers());
    renderOrder('zh');
    const dialog = await screen.findByRole('dialog', { name: /LC-42/ });
    expect(await within(dialog).findByRole('button', { name: '申请换货：订单 LC-42' })).toHaveTextContent('申请换货');
    expect(within(dialog).getByText('已批准：A new pouch of Earl Grey Cream')).toBeInTheDocument();
  });
});
