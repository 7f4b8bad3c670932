import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressDialog } from '../../../../src/client/features/checkout/components/AddressDialog';
import '../../../../src/client/features/checkout/locales';
import { phoneFromTelegram } from '../../../../src/client/features/checkout/components/TelegramPhoneButton';
import { HomeScreenOffer } from '../../../../src/client/features/orders/components/HomeScreenOffer';
import { OrderBody } from '../../../../src/client/features/orders/components/OrderBody';
import '../../../../src/client/features/orders/locales';
import { APP_KEYS } from '../../../../src/client/lib/storage/storage';
import {
  installFakeSdk,
  logIn,
  mockApi,
  orderDetails,
  removeSdk,
  renderRoute,
  resetStores,
  sdkFunction,
  states,
} from '../toolkit';

/** The fake SDK of the toolkit, with the contact and home-screen functions of SDK v3 (isAvailable and ifAvailable). */
function telegramWith(extra: {
  contact?: () => Promise<unknown>;
  phoneSupported?: boolean;
  homeStatus?: string;
  homeSupported?: boolean;
}) {
  const { fake } = installFakeSdk();
  const requestContact = vi.fn(extra.contact ?? (async () => ({})));
  const addToHomeScreen = vi.fn();
  const checkHomeScreenStatus = vi.fn(async (_options?: { timeout: number }) => extra.homeStatus ?? 'missed');
  const home = () => extra.homeSupported ?? true;
  Object.assign(fake, {
    requestContact: sdkFunction(requestContact, () => extra.phoneSupported ?? true),
    addToHomeScreen: sdkFunction(addToHomeScreen, home),
    checkHomeScreenStatus: sdkFunction(checkHomeScreenStatus, home),
  });
  return { requestContact, addToHomeScreen, checkHomeScreenStatus };
}

const contact = (phone: string) => async () => ({
  contact: { user_id: 1, phone_number: phone, first_name: 'Mei' },
  auth_date: new Date(),
  hash: 'h',
});

beforeEach(() => {
  resetStores();
  logIn();
  localStorage.clear();
  mockApi({ '/v2/get-states': () => ({ data: { states, free_shipping_threshold_cents: 7500 } }) });
});
afterEach(() => {
  removeSdk();
  resetStores();
});

const renderDialog = () => renderRoute(<AddressDialog onClose={() => {}} onSaved={() => {}} />);
const phoneField = () => screen.getByLabelText('Shipping contact phone') as HTMLInputElement;

describe('Use my Telegram number', () => {
  it('fills the phone field with the number Telegram shares once the customer agrees', async () => {
    const sdk = telegramWith({ contact: contact('63 917-123 4567') });
    renderDialog();
    await userEvent.type(phoneField(), '0917');
    await userEvent.click(screen.getByRole('button', { name: 'Use my Telegram number' }));
    await waitFor(() => expect(phoneField()).toHaveValue('+639171234567'));
    expect(sdk.requestContact).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Phone number filled in from Telegram')).toHaveAttribute('role', 'status');
  });

  it('changes nothing and says nothing when the customer refuses', async () => {
    const sdk = telegramWith({
      contact: async () => {
        throw new Error('User denied access');
      },
    });
    renderDialog();
    await userEvent.type(phoneField(), '0917 000');
    await userEvent.click(screen.getByRole('button', { name: 'Use my Telegram number' }));
    await waitFor(() => expect(sdk.requestContact).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Use my Telegram number' })).toBeEnabled());
    expect(phoneField()).toHaveValue('0917 000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Phone number filled in from Telegram')).toBeNull();
  });

  it('is not there in a browser, nor where Telegram cannot share the phone', () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Use my Telegram number' })).toBeNull();
    removeSdk();
    telegramWith({ phoneSupported: false });
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Use my Telegram number' })).toBeNull();
  });

  it('is labelled in Chinese', async () => {
    telegramWith({});
    renderRoute(<AddressDialog onClose={() => {}} onSaved={() => {}} />, { lang: 'zh' });
    expect(await screen.findByRole('button', { name: '使用我的 Telegram 号码' })).toBeInTheDocument();
  });

  it('normalises to the field’s rules', () => {
    expect(phoneFromTelegram('639171234567')).toBe('+639171234567');
    expect(phoneFromTelegram('+86 (138) 0013-8000')).toBe('+8613800138000');
  });
});

describe('Add to home screen', () => {
  it('offers it once, and the button asks Telegram to add the app', async () => {
    const sdk = telegramWith({ homeStatus: 'missed' });
    renderRoute(<HomeScreenOffer />);
    const offer = await screen.findByRole('region', { name: 'Add Leaf & Cup to your home screen' });
    expect(localStorage.getItem(APP_KEYS.homeScreenOffered)).not.toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'Add to home screen' }));
    expect(sdk.addToHomeScreen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Add Leaf & Cup to your home screen' })).toBeNull();

    // The next order: not offered again.
    renderRoute(<HomeScreenOffer />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Add Leaf & Cup to your home screen' })).toBeNull();
    expect(sdk.checkHomeScreenStatus).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['already added', { homeStatus: 'added' }],
    ['unsupported by this device', { homeStatus: 'unsupported' }],
    ['unsupported by this Telegram version', { homeSupported: false }],
  ])('is not shown when %s', async (_what, opts) => {
    const sdk = telegramWith(opts);
    renderRoute(<HomeScreenOffer />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Add Leaf & Cup to your home screen' })).toBeNull();
    expect(sdk.addToHomeScreen).not.toHaveBeenCalled();
    expect(localStorage.getItem(APP_KEYS.homeScreenOffered)).toBeNull();
  });

  it('on the order-placed screen, answered, leaves the focus on the thanks line (not on the page’s body)', async () => {
    telegramWith({ homeStatus: 'missed' });
    renderRoute(
      <OrderBody
        order={orderDetails({ id: 42, order_no: 'LC-42' })}
        justPlaced
        scrollToTracking={false}
        onCancel={() => {}}
        onChangeAddress={() => {}}
        onReview={() => {}}
      />,
    );
    const offer = await screen.findByRole('region', { name: 'Add Leaf & Cup to your home screen' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Add Leaf & Cup to your home screen' })).toBeNull();
    expect(screen.getByText('Thank you! Your order has been placed.')).toHaveFocus();
  });

  it('is not shown in a browser', async () => {
    renderRoute(<HomeScreenOffer />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Add Leaf & Cup to your home screen' })).toBeNull();
    expect(localStorage.getItem(APP_KEYS.homeScreenOffered)).toBeNull();
  });

  it('is in Chinese', async () => {
    telegramWith({ homeStatus: 'unknown' });
    renderRoute(<HomeScreenOffer />, { lang: 'zh' });
    const offer = await screen.findByRole('region', { name: '将 Leaf & Cup 添加到主屏幕' });
    expect(within(offer).getByRole('button', { name: '添加到主屏幕' })).toBeInTheDocument();
  });
});
