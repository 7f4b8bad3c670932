import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import UnguardedCheckoutPage from '../../../../src/client/features/checkout/pages/CheckoutPage';
import {
  address,
  allowSlowScreens,
  bankTransfer,
  cartLine,
  type Handlers,
  logIn,
  mockApi,
  paymentLink,
  renderRoutes,
  resetStores,
  states,
  summary,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';

allowSlowScreens();

const CheckoutPage = guarded('checkout', UnguardedCheckoutPage);

/** The shop's answers with `off` the method the address's state is not offered (docs/decisions/041). */
function handlers(off: 'standard' | 'expedited'): Handlers {
  return {
    '/v2/get-addresses': () => ({ data: { addresses: [address()] } }),
    '/v2/get-states': () => ({ data: { states, free_shipping_threshold_cents: 7500 } }),
    '/v2/get-all-payment-method': () => ({ data: { payment_methods: [bankTransfer, paymentLink] } }),
    '/v1/get-shipping-fee': (body) => ({
      data: {
        fee_cents: body.get('method') === 'expedited' ? 900 : 450,
        subtotal_cents: 2400,
        free_shipping_threshold_cents: 7500,
        is_free: false,
        method: body.get('method') as 'standard' | 'expedited',
        offered: body.get('method') !== off,
      },
    }),
    '/v2/checkout-summary': (body) => ({
      data: summary({ shipping_method: body.get('shipping_method') as 'standard' | 'expedited' }),
    }),
  };
}

const renderCheckout = () => renderRoutes([{ path: '/checkout', Component: CheckoutPage }], '/checkout');

beforeEach(() => {
  resetStores();
  logIn();
  useCart.getState().add(cartLine());
});
afterEach(() => {
  resetStores();
});

describe('Checkout: a method the address’s state is not offered', () => {
  it('cannot be chosen and says so beside it', async () => {
    mockApi(handlers('expedited'));
    renderCheckout();
    const shipping = await screen.findByRole('region', { name: 'Shipping method' });
    const expedited = within(shipping).getByRole('radio', { name: /Expedited/ });
    await waitFor(() => expect(expedited).toBeDisabled());
    expect(expedited.closest('label')).toHaveTextContent('Expedited2-3 daysNot offered here');
    const standard = within(shipping).getByRole('radio', { name: /Standard/ });
    expect(standard).toBeEnabled();
    expect(standard).toBeChecked();
    expect(standard.closest('label')).toHaveTextContent('Standard2-7 days$4.50');
  });

  it('when the chosen one is not offered, the other is chosen and the summary asked with it', async () => {
    const { callsTo } = mockApi(handlers('standard'));
    renderCheckout();
    const shipping = await screen.findByRole('region', { name: 'Shipping method' });
    const expedited = within(shipping).getByRole('radio', { name: /Expedited/ });
    await waitFor(() => expect(expedited).toBeChecked());
    expect(within(shipping).getByRole('radio', { name: /Standard/ })).toBeDisabled();
    await waitFor(() => expect(callsTo('/v2/checkout-summary').at(-1)?.body.get('shipping_method')).toBe('expedited'));
  });
});
