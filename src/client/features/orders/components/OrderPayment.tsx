import type { OrderDetails } from '@common/contract/orders';
import { formatCents } from '@common/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '@/entities/order/api/get-all-payment-method';
import { SubmitPaymentForm } from '@/entities/order/components/SubmitPaymentForm';
import { openPaymentLink } from '@/entities/order/open-payment-link';
import { API_BASE } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { ExternalLink } from '@/lib/ui/ExternalLink';
import '@/lib/i18n/server-messages';

/** Payment method, reference, receipt link and, while unpaid, how to pay (bank details). */
export function PaymentInfo({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('orders');
  const methods = usePaymentMethods();
  const method = methods.data?.payment_methods.find((m) => m.code === order.payment_method);
  const unpaid = order.status === 'Pending';
  return (
    <>
      {unpaid && order.receipt_rejected_reason && (
        <p className="ord-rejected" role="alert">
          {t('detail.receiptRejected', { reason: order.receipt_rejected_reason })}
        </p>
      )}
      {/* A refund shows whatever the status: a cancelled order's, or part of one that goes on (a missing item). */}
      {(order.refund_owed_cents > 0 || order.refunded_cents > 0) && (
        <p className="ord-hint ord-refund">
          {[
            order.refunded_cents > 0 ? t('detail.refunded', { amount: formatCents(order.refunded_cents) }) : null,
            order.refund_owed_cents > 0
              ? t('detail.refundOwed', { amount: formatCents(order.refund_owed_cents) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <dl className="ord-dl">
        <dt>{t('detail.paymentMethod')}</dt>
        <dd>{method?.name ?? order.payment_method}</dd>
        {order.payment_reference && (
          <>
            <dt>{t('detail.paymentReference')}</dt>
            <dd className="ord-mono">{order.payment_reference}</dd>
          </>
        )}
        {order.receipt_url && (
          <>
            <dt>{t('detail.receipt')}</dt>
            <dd>
              <ExternalLink href={`${API_BASE}${order.receipt_url}`}>{t('detail.viewReceipt')}</ExternalLink>
            </dd>
          </>
        )}
      </dl>
      {unpaid && method && order.payment_method === 'bank_transfer' && (
        <div className="ord-instructions">
          <h4>{t('detail.instructions')}</h4>
          {method.instructions && <p>{method.instructions}</p>}
          {method.bank && (
            <dl className="ord-dl">
              <dt>{t('bank.name')}</dt>
              <dd>{method.bank.bank_name}</dd>
              <dt>{t('bank.accountName')}</dt>
              <dd>{method.bank.bank_account_name}</dd>
              <dt>{t('bank.accountNumber')}</dt>
              <dd className="ord-mono">{method.bank.bank_account_number}</dd>
            </dl>
          )}
        </div>
      )}
      <SubmitPaymentForm order={order} />
    </>
  );
}

/** A payment-link order still unpaid: "Pay now" opens its link (a fresh click, so no popup blocker). */
export function PayNow({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('orders');
  const [opening, setOpening] = useState(false);
  if (!order.awaiting_payment_link) return null;
  return (
    <div className="ord-paynow">
      <button
        type="button"
        className="btn btn--primary"
        disabled={opening}
        onClick={async () => {
          setOpening(true);
          try {
            await openPaymentLink(order.id);
          } catch (err) {
            haptic('error');
            toast.error(err instanceof Error ? err.message : t('messages:methodNotAvailable'));
          } finally {
            setOpening(false);
          }
        }}
      >
        {opening ? t('messages:pleaseWait') : `${t('detail.payNow')} · ${formatCents(order.total_cents)}`}
      </button>
    </div>
  );
}
