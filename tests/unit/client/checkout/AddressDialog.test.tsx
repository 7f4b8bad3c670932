import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import { useCheckoutForm } from '../../../../src/client/entities/order/checkout-store';
import UnguardedCheckoutPage from '../../../../src/client/features/checkout/pages/CheckoutPage';
import {
  address,
  allowSlowScreens,
  bankTransfer,
  cartLine,
  type Handlers,
  logIn,
  mockApi,
  renderRoutes,
  resetStores,
  states,
  summary,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

// The page as the router serves it: behind RequireUser (app/guards).
const CheckoutPage = guarded('checkout', UnguardedCheckoutPage);

function handlers(overrides: Handlers = {}): Handlers {
  return {
    '/v2/get-addresses': () => ({ data: { addresses: [] } }),
    '/v2/get-states': () => ({ data: { states, free_shipping_threshold_cents: 7500 } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer] } }),
    '/v1/get-shipping-fee': () => ({
      data: {
        fee_cents: 450,
        subtotal_cents: 2400,
        free_shipping_threshold_cents: 7500,
        is_free: false,
        method: 'standard',
      },
    }),
    '/v2/checkout-summary': () => ({ data: summary({ state_id: null }) }),
    ...overrides,
  };
}

const renderCheckout = () => renderRoutes([{ path: '/checkout', Component: CheckoutPage }], '/checkout');

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Add address/ }));
  return screen.getByRole('dialog', { name: 'Add address' });
}

beforeEach(() => {
  resetStores();
  logIn();
  useCart.getState().add(cartLine());
});
afterEach(() => {
  resetStores();
});

describe('Address dialog', () => {
  it('shows every required-field message at its field and sends nothing while fields are blank', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(handlers());
    renderCheckout();
    const dialog = await openAddDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    const expectations: Array<[string, string]> = [
      ['Receiver name', 'Please enter receiver name'],
      ['Shipping contact phone', 'Please enter shipping contact'],
      ['Address', 'Please enter shipping address'],
      ['City', 'Please enter city'],
      ['State', 'Please select shipping state'],
      ['Zip code', 'Please enter zipcode'],
    ];
    for (const [label, message] of expectations) {
      const field = within(dialog).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    // The optional company carries no error.
    expect(within(dialog).getByLabelText('Company (optional)')).not.toHaveAttribute('aria-invalid');
    expect(callsTo('/v2/save-address')).toHaveLength(0);
    // Focus went to the first field at fault.
    await waitFor(() => expect(within(dialog).getByLabelText('Receiver name')).toHaveFocus());
  });

  it('lists the states of the chosen country only', async () => {
    const user = userEvent.setup();
    mockApi(handlers());
    renderCheckout();
    const dialog = await openAddDialog(user);
    const state = within(dialog).getByLabelText('State');
    await waitFor(() => expect(within(state).getAllByRole('option')).toHaveLength(3));
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a state', 'Metro Manila', 'Cebu']);
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'CN');
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a state', 'Beijing']);
  });

  it('saves a new address, says so, and delivers to it', async () => {
    const user = userEvent.setup();
    let saved = false;
    const { callsTo } = mockApi(
      handlers({
        '/v2/save-address': () => {
          saved = true;
          return { data: { address: address({ id: 21, state_id: 2, state_name: 'Cebu', city: 'Cebu City' }) } };
        },
        '/v2/get-addresses': () => ({
          data: { addresses: saved ? [address({ id: 21, state_id: 2, state_name: 'Cebu', city: 'Cebu City' })] : [] },
        }),
      }),
    );
    renderCheckout();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Receiver name'), 'Mei Tan');
    await user.type(within(dialog).getByLabelText('Shipping contact phone'), '+639171234567');
    await user.type(within(dialog).getByLabelText('Address'), '12 Mango Street');
    await user.type(within(dialog).getByLabelText('City'), 'Cebu City');
    await waitFor(() => expect(within(within(dialog).getByLabelText('State')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(within(dialog).getByLabelText('State'), 'Cebu');
    await user.type(within(dialog).getByLabelText('Zip code'), '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Address updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = callsTo('/v2/save-address')[0]?.body;
    expect(Object.fromEntries(body ?? [])).toMatchObject({
      receiver_name: 'Mei Tan',
      phone: '+639171234567',
      address: '12 Mango Street',
      city: 'Cebu City',
      state_id: '2',
      zip: '6000',
      country: 'PH',
    });
    expect(body?.has('company')).toBe(false);
    expect(await screen.findByRole('radio', { name: /Mei Tan/ })).toBeChecked();
    expect(useCheckoutForm.getState().addressId).toBe(21);
  });

  it("shows the server's refusal at its field", async () => {
    const user = userEvent.setup();
    mockApi(
      handlers({
        '/v2/get-addresses': () => ({ data: { addresses: [address()] } }),
        '/v2/save-address': () => ({
          status: 422,
          message: 'The country does not match the shipping state',
          errors: [{ field: 'country', message: 'The country does not match the shipping state' }],
        }),
      }),
    );
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Edit address Mei Tan' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit address' });
    expect(within(dialog).getByLabelText('Receiver name')).toHaveValue('Mei Tan');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Country')).toHaveAccessibleDescription(
        'The country does not match the shipping state',
      ),
    );
  });

  it('keeps the state of an address being edited when the shop has retired it since', async () => {
    const user = userEvent.setup();
    const retired = address({ state_id: 40, state_name: 'Batanes' });
    const { callsTo } = mockApi(
      handlers({
        '/v2/get-addresses': () => ({ data: { addresses: [retired] } }),
        '/v2/save-address': () => ({ data: { address: retired } }),
      }),
    );
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Edit address Mei Tan' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit address' });
    const state = within(dialog).getByLabelText('State');
    await waitFor(() => expect(state).toHaveDisplayValue('Batanes'));
    // Not offered for new addresses (the list leaves it out), but this address keeps it.
    expect(states.map((s) => s.name)).not.toContain('Batanes');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(callsTo('/v2/save-address')).toHaveLength(1));
    expect(callsTo('/v2/save-address')[0]!.body.get('state_id')).toBe('40');
  });
});
