import { canOpenInvoice, type InvoiceOutcome, payInvoice } from '@/lib/telegram/invoice';
import { getPaymentLink } from './api/get-payment-link';

/**
 * Pays a payment-link order: asks the server for the order's link and opens it — inside Telegram as
 * an invoice in the app (resolves how it ended), in a browser in a new tab (resolves 'opened', or
 * 'blocked' when the browser blocked the window: the order screen then offers "Pay now", a fresh
 * click). Rejects with the server's ApiError ("This method is not available", …).
 */
export async function openPaymentLink(orderId: number): Promise<InvoiceOutcome | 'opened' | 'blocked'> {
  const { link } = await getPaymentLink(orderId);
  if (canOpenInvoice()) return payInvoice(link);
  const win = window.open(link, '_blank');
  if (!win) return 'blocked';
  win.opener = null;
  return 'opened';
}
