import type { Subscription } from '@common/contract/subscriptions';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import UnguardedSubscriptionsPage from '../../../../src/client/features/subscriptions/pages/SubscriptionsPage';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import { address, allowSlowScreens, type Handlers, logIn, mockApi, renderRoutes, resetStores } from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

// The page as the router serves it: behind RequireUser (app/guards).
const SubscriptionsPage = guarded('subscriptions', UnguardedSubscriptionsPage);

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 7,
    status: 'active',
    product_id: 5,
    variant_id: 51,
    name: 'Earl Grey Cream',
    variant_name: '50 g Pouch',
    image: '/images/products/earl-grey.svg',
    quantity: 2,
    frequency_weeks: 4,
    unit_price_cents: 1700,
    regular_unit_price_cents: 2000,
    line_total_cents: 3400,
    stock: 5,
    available: true,
    next_due_at: '2026-12-20T10:00:00.000Z',
    shipping_method: 'standard',
    payment_method: 'bank_transfer',
    address: { id: 11, receiver_name: 'Mei Tan', summary: '12 Mango Street, Makati, Metro Manila 1200' },
    saved_card: null,
    renewal_failure: null,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const dateOf = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

function handlers(subs: () => Subscription[], overrides: Handlers = {}): Handlers {
  return {
    '/v2/get-subscriptions': () => ({ data: { subscriptions: subs() } }),
    '/v2/get-addresses': () => ({
      data: {
        addresses: [
          address(),
          address({ id: 12, receiver_name: 'Mei Office', address: '8 Ayala Avenue', is_default: false }),
        ],
      },
    }),
    ...overrides,
  };
}

const renderPage = () => renderRoutes([{ path: '/subscriptions', Component: SubscriptionsPage }], '/subscriptions');

beforeEach(() => resetStores());
afterEach(() => resetStores());

describe('Subscriptions screen', () => {
  it('sends a guest to the login screen, coming back to /subscriptions', async () => {
    mockApi({});
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=/subscriptions'));
  });

  it('lists active subscriptions with packaging, price, next delivery and address; cancelled ones apart', async () => {
    logIn();
    mockApi(
      handlers(() => [
        subscription(),
        subscription({ id: 8, name: 'Jasmine Pearls', status: 'cancelled', frequency_weeks: 8 }),
      ]),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });
    expect(card).toHaveTextContent('50 g Pouch · Every 4 weeks · Quantity 2');
    expect(card).toHaveTextContent('$17.00 each');
    expect(card).toHaveTextContent('Regular price $20.00');
    expect(within(card).getByText('$34.00')).toBeInTheDocument();
    expect(card).toHaveTextContent(`Next delivery${dateOf('2026-12-20T10:00:00.000Z')}`);
    expect(card).toHaveTextContent('Mei Tan, 12 Mango Street, Makati, Metro Manila 1200');
    expect(within(card).getByLabelText('Quantity')).toHaveValue(2);
    expect(within(card).getByLabelText('Delivery frequency')).toHaveValue('4');
    expect(
      within(card)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['Every 2 weeks', 'Every 4 weeks', 'Every 8 weeks']));

    const ended = screen.getByRole('list', { name: 'Cancelled subscriptions' });
    const gone = within(ended).getByRole('article', { name: 'Jasmine Pearls' });
    expect(gone).toHaveTextContent('Cancelled');
    expect(gone).toHaveTextContent('No more deliveries');
    expect(within(gone).queryByRole('button')).not.toBeInTheDocument();
  });

  it('saves only what changed (frequency and quantity) and shows the server’s answer', async () => {
    logIn();
    let current = subscription();
    const api = mockApi(
      handlers(() => [current], {
        '/v2/update-subscription': (body) => {
          current = subscription({
            frequency_weeks: Number(body.get('frequency_weeks')),
            quantity: Number(body.get('quantity')),
            updated_at: '2026-11-23T10:00:00.000Z',
          });
          return { data: { subscription: current } };
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });

    // Nothing changed yet: saving says so and sends nothing.
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Change the quantity, frequency');
    expect(api.callsTo('/v2/update-subscription')).toHaveLength(0);

    await user.selectOptions(within(card).getByLabelText('Delivery frequency'), '8');
    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    expect(within(card).getByText('$51.00')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    const [call] = api.callsTo('/v2/update-subscription');
    expect(Object.fromEntries(call!.body)).toMatchObject({ subscription_id: '7', frequency_weeks: '8', quantity: '3' });
    expect(call!.body.has('address_id')).toBe(false);
    expect(call!.body.has('shipping_method')).toBe(false);
    await waitFor(() => expect(card).toHaveTextContent('Every 8 weeks · Quantity 3'));
  });

  it('shows a refusal at its field', async () => {
    logIn();
    mockApi(
      handlers(() => [subscription()], {
        '/v2/update-subscription': () => ({
          status: 422,
          message: 'Not Enough Stock: Earl Grey Cream (50 g Pouch) has 5 left',
          errors: [{ field: 'quantity', message: 'Not Enough Stock: Earl Grey Cream (50 g Pouch) has 5 left' }],
        }),
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });
    await user.selectOptions(within(card).getByLabelText('Delivery address'), '12');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    const error = await within(card).findByRole('alert');
    expect(error).toHaveTextContent('Not Enough Stock: Earl Grey Cream (50 g Pouch) has 5 left');
    const input = within(card).getByLabelText('Quantity');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('the plus button stops at the stock with "Not Enough Stock"', async () => {
    logIn();
    mockApi(handlers(() => [subscription({ quantity: 5, stock: 5 })]));
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });
    await user.click(within(card).getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('Not Enough Stock')).toBeInTheDocument();
    expect(within(card).getByLabelText('Quantity')).toHaveValue(5);
  });

  it('skips the next delivery', async () => {
    logIn();
    let current = subscription();
    const api = mockApi(
      handlers(() => [current], {
        '/v2/update-subscription': () => {
          current = subscription({ next_due_at: '2027-01-17T10:00:00.000Z', updated_at: '2026-11-23T10:00:00.000Z' });
          return { data: { subscription: current } };
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });
    await user.click(within(card).getByRole('button', { name: 'Skip next delivery' }));
    expect(await screen.findByText('The next delivery has been skipped')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('/v2/update-subscription')[0]!.body)).toMatchObject({
      subscription_id: '7',
      skip_next: 'true',
    });
    await waitFor(() => expect(card).toHaveTextContent(dateOf('2027-01-17T10:00:00.000Z')));
  });

  it('cancels after a confirmation; keeping it sends nothing', async () => {
    logIn();
    let current = subscription();
    const api = mockApi(
      handlers(() => [current], {
        '/v2/cancel-subscription': () => {
          current = subscription({ status: 'cancelled', updated_at: '2026-11-23T10:00:00.000Z' });
          return { data: { subscription: current } };
        },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(dialog).toHaveTextContent('Cancel your subscription to Earl Grey Cream?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('/v2/cancel-subscription')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo('/v2/cancel-subscription')[0]!.body)).toMatchObject({ subscription_id: '7' });
    const ended = await screen.findByRole('list', { name: 'Cancelled subscriptions' });
    expect(within(ended).getByRole('article', { name: 'Earl Grey Cream' })).toHaveTextContent('Cancelled');
    expect(screen.getByText(/You have no subscriptions yet/)).toBeInTheDocument();
  });

  it('with none, links to the products', async () => {
    logIn();
    mockApi(handlers(() => []));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('link', { name: 'Shop Now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/products$/));
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    logIn();
    mockApi({ '/v2/get-subscriptions': () => ({ status: 503, message: 'The service is starting or stopping' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is starting or stopping');
  });

  it('shows the card renewals are charged to, with Remove; then each renewal waits for Pay now', async () => {
    logIn();
    let current = subscription({
      payment_method: 'card',
      saved_card: { id: 3, brand: 'mastercard', last4: '4444', created_at: '2026-11-22T10:00:00.000Z' },
    });
    const api = mockApi(
      handlers(() => [current], {
        '/v2/remove-saved-card': () => {
          current = subscription({ payment_method: 'card' });
          return { data: { saved_cards: [] }, message: 'Card removed; renewals now wait for you to pay them' };
        },
      }),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });
    expect(card).toHaveTextContent('Charged to your saved card');
    expect(within(card).getByText('Mastercard •••• 4444')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Remove card Mastercard •••• 4444' }));
    await waitFor(() => expect(card).toHaveTextContent('Each renewal waits for you to pay it on its order page.'));
    expect(api.callsTo('/v2/remove-saved-card')[0]!.body.get('saved_card_id')).toBe('3');
  });

  it('says why the last renewal was not charged, with its order, in English and Chinese', async () => {
    logIn();
    const failure = {
      reason: 'card_declined' as const,
      order_id: 90,
      order_no: 'LC-20261207-ABC123',
      at: '2026-12-07T10:00:00.000Z',
    };
    mockApi(handlers(() => [subscription({ payment_method: 'card', renewal_failure: failure })]));
    renderPage();
    const card = await screen.findByRole('article', { name: 'Earl Grey Cream' });
    const note = within(card).getByRole('note');
    expect(note).toHaveTextContent('Your card was declined for renewal LC-20261207-ABC123, after several tries.');
    expect(note).toHaveTextContent('or it is cancelled like any unpaid order');
    expect(within(note).getByRole('link', { name: 'Open order LC-20261207-ABC123' })).toHaveAttribute(
      'href',
      '/order?id=90',
    );
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    await waitFor(() =>
      expect(screen.getByRole('note')).toHaveTextContent('续订订单 LC-20261207-ABC123 多次尝试后仍被银行卡拒绝。'),
    );
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});
