import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import UnguardedCheckoutPage from '../../../../src/client/features/checkout/pages/CheckoutPage';
import { resetMainButton } from '../../../../src/client/lib/telegram/main-button';
import {
  address,
  allowSlowScreens,
  bankTransfer,
  cartLine,
  type Handlers,
  installFakeSdk,
  logIn,
  mockApi,
  removeSdk,
  renderRoutes,
  resetStores,
  states,
  summary,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

// A customer with no address adds the first one in the checkout's dialog and places the order at once. The
// summary for the new address is asked for only once the choice settles (debounced), and until it is in, the
// summary on screen is the one without an address (no delivery fee). Placing in that window sent the new
// address with the old total, and the server refused it: "The total is now $28.50" (issue seen inside Telegram).

const CheckoutPage = guarded('checkout', UnguardedCheckoutPage);

/** The server's totals: with the Metro Manila address the $4.50 fee is in, without an address it is not. */
const WITH_ADDRESS = 2850;
const WITHOUT_ADDRESS = 2400;

function shop() {
  let saved = false;
  const handlers: Handlers = {
    '/v2/get-addresses': () => ({ data: { addresses: saved ? [address()] : [] } }),
    '/v2/get-states': () => ({ data: { states, free_shipping_threshold_cents: 7500 } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer] } }),
    '/v1/get-shipping-fee': () => ({
      data: { fee_cents: 450, subtotal_cents: 2400, free_shipping_threshold_cents: 7500, is_free: false },
    }),
    '/v2/checkout-summary': (body) =>
      body.get('address_id')
        ? { data: summary() }
        : {
            data: summary({
              state_id: null,
              totals: {
                subtotal_cents: 2400,
                delivery_fee_cents: 0,
                coupon_discount_cents: 0,
                cash_reward_cents: 0,
                total_cents: WITHOUT_ADDRESS,
              },
            }),
          },
    '/v2/save-address': () => {
      saved = true;
      return { data: { address: address() } };
    },
    // As the server does: the order is refused when the total the customer saw is not the one it computes.
    '/v1/order': (body) => {
      const total = body.get('address_id') ? WITH_ADDRESS : WITHOUT_ADDRESS;
      if (body.get('expected_total_cents') !== String(total)) {
        return { status: 409, message: `The total is now $${(total / 100).toFixed(2)}` };
      }
      return { data: { order: { id: 77, awaiting_payment_link: false, order_no: 'LC-77' }, created: true } };
    },
  };
  return mockApi(handlers);
}

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'receipt.png', { type: 'image/png' });

/** The checkout without an address, paid by bank transfer (reference and receipt in), then the first address added. */
async function addFirstAddress() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/checkout', Component: CheckoutPage }], '/checkout');
  expect(await screen.findByText('You have no saved address yet.')).toBeInTheDocument();
  await user.type(await screen.findByLabelText('Payment reference'), 'REF-1');
  await user.upload(screen.getByLabelText('Receipt image'), png());
  await screen.findByRole('button', { name: 'Place order · $24.00' });

  await user.click(screen.getByRole('button', { name: /Add address/ }));
  const dialog = screen.getByRole('dialog', { name: 'Add address' });
  await user.type(within(dialog).getByLabelText('Receiver name'), 'Mei Tan');
  await user.type(within(dialog).getByLabelText('Shipping contact phone'), '+639171234567');
  await user.type(within(dialog).getByLabelText('Address'), '12 Mango Street');
  await user.type(within(dialog).getByLabelText('City'), 'Makati');
  await waitFor(() => expect(within(within(dialog).getByLabelText('State')).getAllByRole('option')).toHaveLength(3));
  await user.selectOptions(within(dialog).getByLabelText('State'), 'Metro Manila');
  await user.type(within(dialog).getByLabelText('Zip code'), '1200');
  await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
  expect(await screen.findByRole('radio', { name: /Mei Tan/ })).toBeChecked();
}

beforeEach(() => {
  resetStores();
  logIn();
  useCart.getState().add(cartLine());
});
afterEach(() => {
  resetMainButton();
  removeSdk();
  resetStores();
});

describe('Placing right after adding the first address', () => {
  it('the page button waits for the totals of the new address, then places with them', async () => {
    const { callsTo } = shop();
    await addFirstAddress();
    // At once, before the new totals are in: nothing may go with the old total.
    const place = screen.getByRole('button', { name: /Place order|Please wait/ });
    expect(place).toBeDisabled();
    fireEvent.click(place);

    const ready = await screen.findByRole('button', { name: 'Place order · $28.50' });
    await waitFor(() => expect(ready).toBeEnabled());
    fireEvent.click(ready);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order?id=77'));
    const sent = callsTo('/v1/order').map((c) => [c.body.get('address_id'), c.body.get('expected_total_cents')]);
    expect(sent).toEqual([['11', String(WITH_ADDRESS)]]);
  });

  it('inside Telegram the MainButton is off until the new totals are in, then shows and sends them', async () => {
    const sdk = installFakeSdk();
    const { callsTo } = shop();
    await addFirstAddress();
    // Pressed at once: ignored while the totals are those without the address.
    expect(sdk.last()).toMatchObject({ text: 'Please wait...', isEnabled: false });
    sdk.press();

    await waitFor(() => expect(sdk.last()).toMatchObject({ text: 'Place order · $28.50', isEnabled: true }));
    sdk.press();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order?id=77'));
    const sent = callsTo('/v1/order').map((c) => [c.body.get('address_id'), c.body.get('expected_total_cents')]);
    expect(sent).toEqual([['11', String(WITH_ADDRESS)]]);
  });
});
