import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../../../src/client/entities/cart/cart-store';
import UnguardedCheckoutPage from '../../../../src/client/features/checkout/pages/CheckoutPage';
import { i18n } from '../../../../src/client/lib/i18n/i18n';
import {
  allowSlowScreens,
  bankTransfer,
  cardMethod,
  cartLine,
  logIn,
  mockApi,
  renderRoutes,
  resetStores,
} from '../toolkit';
import { guarded } from '../toolkit/guarded';
import { checkoutHandlers, HOSTED, placedCard } from './card-support';

const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/client/lib/leave-for', () => ({ leaveFor }));

allowSlowScreens();

const CheckoutPage = guarded('checkout', UnguardedCheckoutPage);

const api = () => mockApi(checkoutHandlers([bankTransfer, cardMethod], { '/v1/order': placedCard(HOSTED) }));

const renderCheckout = () => renderRoutes([{ path: '/checkout', Component: CheckoutPage }], '/checkout');

async function placeByCard(user: ReturnType<typeof userEvent.setup>, tick: boolean) {
  await user.click(await screen.findByRole('radio', { name: /Card/ }));
  const box = screen.getByRole('checkbox', { name: /Subscribe & save renewals/ });
  expect(box).not.toBeChecked();
  if (tick) await user.click(box);
  const place = screen.getByRole('button', { name: /Place order/ });
  await waitFor(() => expect(place).toBeEnabled());
  await user.click(place);
  await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(HOSTED));
}

beforeEach(() => {
  resetStores();
  leaveFor.mockReset();
  logIn();
});
afterEach(async () => {
  resetStores();
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('Checkout: charging Subscribe & save renewals to the card, with consent (docs/decisions/040)', () => {
  it('offers the box, off by default, saying what, when and how to stop; unticked, nothing is asked', async () => {
    useCart.getState().add(cartLine({ frequency_weeks: 4 }));
    const user = userEvent.setup();
    const { callsTo } = api();
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Card/ }));
    const box = screen.getByRole('checkbox', { name: /Subscribe & save renewals/ });
    expect(box).not.toBeChecked();
    const words = box.closest('label')?.textContent ?? '';
    expect(words).toContain("the renewal order's total, delivery included");
    expect(words).toContain('on each renewal date (every 4 weeks');
    expect(words).toContain('removing the saved card in my profile or on the subscription');
    expect(words).toContain('cancelling the subscription');
    // Bank transfer: no box.
    await user.click(screen.getByRole('radio', { name: /Bank Transfer/ }));
    expect(screen.queryByRole('checkbox', { name: /Subscribe & save renewals/ })).not.toBeInTheDocument();
    await placeByCard(user, false);
    expect(callsTo('/v1/order')[0]?.body.get('save_card_for_renewals')).toBeNull();
  });

  it('ticked, the order asks to save the card', async () => {
    useCart.getState().add(cartLine({ frequency_weeks: 2 }));
    const user = userEvent.setup();
    const { callsTo } = api();
    renderCheckout();
    await placeByCard(user, true);
    expect(['1', 'true']).toContain(callsTo('/v1/order')[0]?.body.get('save_card_for_renewals'));
  });

  it('speaks Chinese', async () => {
    await act(async () => {
      await i18n.changeLanguage('zh');
    });
    useCart.getState().add(cartLine({ frequency_weeks: 8 }));
    const user = userEvent.setup();
    api();
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Card/ }));
    const box = screen.getByRole('checkbox', { name: /定期订购续订/ });
    expect(box).not.toBeChecked();
    const words = box.closest('label')?.textContent ?? '';
    expect(words).toContain('每 8 周');
    expect(words).toContain('续订订单的总额（含运费）');
    expect(words).toContain('移除已保存的卡');
  });

  it('is not offered for a cart without Subscribe & save lines', async () => {
    useCart.getState().add(cartLine());
    const user = userEvent.setup();
    api();
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Card/ }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
