import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import UnguardedCheckoutPage from '../../../../src/client/features/checkout/pages/CheckoutPage';
import {
  allowSlowScreens,
  bankTransfer,
  cardMethod,
  cartLine,
  leaveTelegram,
  logIn,
  mockApi,
  openInTelegram,
  paymentLink,
  renderRoutes,
  resetStores,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';
import { checkoutHandlers, HOSTED, placedCard } from './card-support';

const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/client/lib/leave-for', () => ({ leaveFor }));

allowSlowScreens();

const CheckoutPage = guarded('checkout', UnguardedCheckoutPage);

const renderCheckout = () => renderRoutes([{ path: '/checkout', Component: CheckoutPage }], '/checkout');

beforeEach(() => {
  resetStores();
  leaveFor.mockReset();
  logIn();
  useCart.getState().add(cartLine());
});
afterEach(() => {
  leaveTelegram();
  resetStores();
});

describe('Checkout: paying by card on the provider’s page (docs/decisions/040)', () => {
  it('lists Card beside Bank Transfer, asks no receipt, and sends the browser to the checkout page', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi(checkoutHandlers([bankTransfer, cardMethod], { '/v1/order': placedCard(HOSTED) }));
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /Bank Transfer/ })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Card/ }));
    expect(screen.queryByLabelText('Receipt image')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Payment reference')).not.toBeInTheDocument();
    expect(screen.getByText('You pay by card on a secure page right after you place the order.')).toBeInTheDocument();

    const place = screen.getByRole('button', { name: 'Place order · $28.50' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(HOSTED));
    const call = callsTo('/v1/order')[0];
    expect(call?.body.get('payment_method')).toBe('card');
    expect(call?.body.get('payment_reference')).toBeNull();
    expect(call?.multipart).toBe(false);
    expect(useCart.getState().lines).toHaveLength(0);
    // Back from the provider's page, the browser lands on the order (it replaced the checkout).
    expect(screen.getByTestId('location')).toHaveTextContent('/order?id=42');
  });

  it('without a hosted page (the provider did not answer) opens the order, where Pay now is offered', async () => {
    const user = userEvent.setup();
    mockApi(checkoutHandlers([bankTransfer, cardMethod], { '/v1/order': placedCard(null) }));
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Card/ }));
    const place = screen.getByRole('button', { name: 'Place order · $28.50' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order?id=42'));
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('does not list Card when the shop has no card provider', async () => {
    mockApi(checkoutHandlers([bankTransfer, paymentLink]));
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /Bank Transfer/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Card/ })).not.toBeInTheDocument();
  });

  it('inside Telegram does not list Card: the Telegram invoice is the card payment there', async () => {
    await openInTelegram('4242');
    mockApi(checkoutHandlers([bankTransfer, paymentLink, cardMethod]));
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /Bank Transfer/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Pay by Link/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Card/ })).not.toBeInTheDocument();
  });
});
