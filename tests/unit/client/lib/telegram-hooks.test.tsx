import { render, screen } from '@testing-library/react';
import Toasts from '../../../../src/client/app/Toasts';
import { useClosingConfirmation } from '../../../../src/client/lib/telegram/closing-confirmation';
import { canOpenInvoice, openInvoice, payInvoice } from '../../../../src/client/lib/telegram/invoice';
import { telegramLanguage } from '../../../../src/client/lib/telegram/language';
import { confirmTelegramHost, resetLaunchCache } from '../../../../src/client/lib/telegram/launch';
import { installFakeSdk, installTelegramHost, leaveTelegram, removeSdk } from '../toolkit';

afterEach(() => {
  removeSdk();
  leaveTelegram();
});

function Form({ dirty }: { dirty: boolean }) {
  useClosingConfirmation(dirty);
  return null;
}

describe('useClosingConfirmation', () => {
  it('asks Telegram to confirm closing while the form holds input, and stops after', () => {
    const sdk = installFakeSdk();
    const view = render(<Form dirty={false} />);
    expect(sdk.enableConfirmation).not.toHaveBeenCalled();
    view.rerender(<Form dirty />);
    expect(sdk.enableConfirmation).toHaveBeenCalledTimes(1);
    view.rerender(<Form dirty={false} />);
    expect(sdk.disableConfirmation).toHaveBeenCalledTimes(1);
    view.rerender(<Form dirty />);
    view.unmount();
    expect(sdk.disableConfirmation).toHaveBeenCalledTimes(2);
  });

  it('does nothing in a browser', () => {
    expect(() => render(<Form dirty />)).not.toThrow();
  });
});

describe('invoices', () => {
  it('opens the invoice link with the SDK and answers its status', async () => {
    const sdk = installFakeSdk({ invoiceStatus: 'cancelled' });
    expect(canOpenInvoice()).toBe(true);
    expect(await openInvoice('https://t.me/$abc')).toBe('cancelled');
    expect(sdk.open).toHaveBeenCalledWith('https://t.me/$abc', 'url');
  });

  it('is unavailable outside Telegram, and a failure to open counts as failed', async () => {
    expect(await openInvoice('https://t.me/$abc')).toBe('unavailable');
    expect(canOpenInvoice()).toBe(false);
    const sdk = installFakeSdk();
    sdk.open.mockRejectedValueOnce(new Error('closed'));
    expect(await openInvoice('https://t.me/$abc')).toBe('failed');
  });

  it.each([
    ['paid', 'Payment received. The order shows Paid as soon as Telegram confirms it.'],
    ['cancelled', 'Payment cancelled. The order stays Pending: you can pay it later from your orders.'],
    ['failed', 'The payment did not go through. The order stays Pending: please try again.'],
  ])('tells the customer how a %s invoice ended', async (status, message) => {
    installFakeSdk({ invoiceStatus: status });
    render(<Toasts />);
    expect(await payInvoice('https://t.me/$abc')).toBe(status);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('telegramLanguage', () => {
  // Inside Telegram only: a host answered the check (docs/decisions/001; see telegram-launch.test.tsx).
  it("reads the Telegram user's language_code: zh* is Chinese, anything else English", async () => {
    installTelegramHost();
    const launch = async (code: string | undefined) => {
      sessionStorage.setItem('leafcup/launch', JSON.stringify({ initData: 'x', platform: 'ios', userLanguage: code }));
      resetLaunchCache();
      await confirmTelegramHost();
      return telegramLanguage();
    };
    expect(await launch('zh-hans')).toBe('zh');
    expect(await launch('en')).toBe('en');
    expect(await launch('ru')).toBe('en');
    sessionStorage.clear();
    resetLaunchCache();
    await confirmTelegramHost();
    expect(telegramLanguage()).toBeUndefined();
  });

  it('is undefined in a browser even with launch parameters kept in the tab', async () => {
    sessionStorage.setItem('leafcup/launch', JSON.stringify({ initData: 'x', platform: 'ios', userLanguage: 'zh' }));
    resetLaunchCache();
    await confirmTelegramHost();
    expect(telegramLanguage()).toBeUndefined();
  });
});
