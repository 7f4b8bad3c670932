import { i18n } from '../i18n/i18n';
import { notify } from '../toast';
import { haptic } from './haptics';
import './locales';
import { getSdk } from './sdk';

/**
 * How a Telegram invoice ended: `paid` (Telegram took the payment; the order turns Paid once the bot
 * receives successful_payment), `cancelled` (closed without paying), `failed`, `pending` (still being
 * processed), or `unavailable` (not inside Telegram, or a Telegram too old for invoices).
 */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'failed' | 'pending' | 'unavailable';

/** Opens a Telegram invoice link (`https://t.me/$…`, from createInvoiceLink) inside the Mini App. */
export async function openInvoice(url: string): Promise<InvoiceOutcome> {
  const sdk = getSdk();
  if (!sdk) return 'unavailable';
  try {
    // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
    const [available, opening] = sdk.invoice.open.ifAvailable(url, 'url');
    if (!available) return 'unavailable';
    const status = await opening;
    return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
  } catch (err) {
    console.warn('Telegram invoice could not be opened', err);
    return 'failed';
  }
}

/** Whether invoices open inside the app here (inside Telegram, recent enough). */
export function canOpenInvoice(): boolean {
  const sdk = getSdk();
  try {
    return Boolean(sdk?.invoice.open.isAvailable());
  } catch {
    return false;
  }
}

/**
 * Opens the invoice and tells the customer how it ended (a toast, and a buzz): paid → the order turns
 * Paid once the bot receives Telegram's confirmation; cancelled or failed → it stays Pending.
 * The caller refreshes the order afterwards.
 */
export async function payInvoice(url: string): Promise<InvoiceOutcome> {
  const outcome = await openInvoice(url);
  const t = (key: string) => i18n.t(`telegram:${key}`);
  if (outcome === 'paid') {
    haptic('success');
    notify.success(t('paymentPaid'));
  } else if (outcome === 'cancelled') notify.info(t('paymentCancelled'));
  else if (outcome === 'pending') notify.info(t('paymentPending'));
  else if (outcome === 'failed') notify.error(t('paymentFailed'));
  return outcome;
}
