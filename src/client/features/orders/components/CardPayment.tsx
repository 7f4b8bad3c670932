import type { OrderDetails } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { canPayNow } from '@common/order-workflow';
import { useTranslation } from 'react-i18next';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { usePayOrderByCard } from '../api/pay-order-by-card';
import '@/lib/i18n/server-messages';

/** How the shopper came back from the card provider's page, if they did (`/order?…&checkout=`). */
export type CheckoutReturn = 'success' | 'cancel' | null;

interface Props {
  order: OrderDetails;
  checkoutReturn: CheckoutReturn;
}

/**
 * A Pending card order's payment (docs/decisions/040, docs/product.md §5): "Confirming your payment…" while the server
 * waits for the provider to report the money (the order page polls meanwhile, never Paid on the return alone); Pay now
 * (a hosted page) while the payment is awaited or failed, with a short reason when it failed or was abandoned.
 */
export function CardPayment({ order, checkoutReturn }: Props) {
  const { t } = useTranslation('orders');
  const pay = usePayOrderByCard();
  const state = order.card_payment?.state ?? 'none';
  if (order.status !== 'Pending' || state === 'none') return null;

  if (state === 'confirming') {
    return (
      <p className="ord-hint ord-confirming" role="status">
        {t('detail.cardConfirming')}
      </p>
    );
  }
  if (!canPayNow(state)) return null;

  const reason =
    state === 'failed' ? t('detail.cardFailed') : checkoutReturn === 'cancel' ? t('detail.cardCancelled') : null;
  const busy = pay.isPending || pay.isSuccess;
  return (
    <div className="ord-paynow">
      {reason && (
        <p className="ord-hint" role={state === 'failed' ? 'alert' : 'status'}>
          {reason}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        onClick={() =>
          pay.mutate(order.id, {
            onError: (err) => {
              haptic('error');
              toast.error(err.message || t('loadFailed'));
            },
          })
        }
      >
        {busy ? t('messages:pleaseWait') : `${t('detail.payNow')} · ${formatCents(order.total_cents)}`}
      </button>
    </div>
  );
}
