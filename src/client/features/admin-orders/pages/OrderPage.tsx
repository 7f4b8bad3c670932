import { cardLabel } from '@common/card-brand';
import type { AdminOrderDetail, AdminOrderEvent } from '@common/contract/admin/orders';
import { formatCents } from '@common/money';
import { refundKind } from '@common/order-workflow';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { API_BASE } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Card, Facts } from '@/lib/ui/admin/Card';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ExternalLink } from '@/lib/ui/ExternalLink';
import { ListStatus } from '@/lib/ui/ListStatus';
import { Modal } from '@/lib/ui/Modal';
import { useOrder } from '../api/orders-get';
import { AddressLines } from '../components/AddressLines';
import { OrderActions, useOrderMainAction } from '../components/OrderActions';
import { StatusBadge, TodoBadges } from '../components/OrderBadges';
import { OrderExchanges } from '../components/OrderExchanges';
import '../components/order-actions-locales';
import '../locales';
import '../admin-orders.css';
import { EmailText } from '@/lib/ui/admin/EmailText';

type Detail = AdminOrderDetail;

/**
 * /admin/orders/:orderNo: everything about one order in cards (items, customer, delivery, payment with the
 * receipt, totals, tracking, refunds, timeline), the actions the caller's role allows now, and the packing slip.
 */
export default function OrderPage() {
  const { t } = useTranslation('admin-orders');
  const orderNo = useParams().orderNo ?? '';
  const order = useOrder(orderNo);
  const d = order.data;
  const mainAction = useOrderMainAction(d);
  return (
    <AdminPage
      title={t('orderTitle', { orderNo: d?.order_no ?? orderNo })}
      mainAction={mainAction}
      // The Actions card shows every action's button: the main one is Telegram's MainButton only.
      mainActionInPage={false}
      actions={
        d && (
          <Link className="btn btn--secondary" to={`/admin/orders/${encodeURIComponent(d.order_no)}/slip`}>
            {t('packingSlip')}
          </Link>
        )
      }
    >
      <p>
        <Link to="/admin/orders">{t('backToList')}</Link>
      </p>
      {!d ? (
        <ListStatus isPending={order.isPending} error={order.error} onRetry={() => order.refetch()} />
      ) : (
        <>
          <p className="admin-orders__badges">
            <StatusBadge status={d.status} />
            <TodoBadges receiptWaiting={d.payment.receipt_waiting} refundOwedCents={d.refund_owed_cents} />
            <span>{t('placed', { date: formatDateTime(d.placed_at) })}</span>
          </p>
          <OrderActions order={d} />
          <div className="admin-grid">
            <Items d={d} />
            <Customer d={d} />
            <Delivery d={d} />
            <Payment d={d} />
            <Totals d={d} />
            <Tracking d={d} />
            <Refunds d={d} />
            <OrderExchanges d={d} />
            <Timeline d={d} />
          </div>
        </>
      )}
    </AdminPage>
  );
}

/** The cards that take the grid's whole width. */
const WIDE = 'admin-orders__wide';

function Items({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const columns: Column<Detail['items'][number]>[] = [
    { key: 'product', label: t('product'), render: (i) => i.name },
    { key: 'packaging', label: t('packaging'), render: (i) => i.packaging },
    { key: 'qty', label: t('quantity'), numeric: true, render: (i) => i.quantity },
    {
      key: 'frequency',
      label: t('frequency'),
      render: (i) => (i.frequency_weeks > 0 ? t('every', { count: i.frequency_weeks }) : t('oneTime')),
    },
    { key: 'unit', label: t('unitPrice'), numeric: true, render: (i) => formatCents(i.unit_price_cents) },
    { key: 'line', label: t('lineTotal'), numeric: true, render: (i) => formatCents(i.line_total_cents) },
  ];
  return (
    <Card title={t('items')} className={WIDE}>
      <DataTable caption={t('itemsCaption')} columns={columns} rows={d.items} rowKey={(i) => i.id} empty="" />
    </Card>
  );
}

function Customer({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const c = d.customer;
  return (
    <Card title={t('customer')}>
      <Facts
        items={[
          [t('name'), c.nickname],
          [
            t('email'),
            <a href={`mailto:${c.email}`}>
              <EmailText email={c.email} />
            </a>,
          ],
          [t('phone'), c.phone],
          [t('telegram'), c.telegram_linked ? t('linked') : t('notLinked')],
        ]}
      />
      <p>
        <Link to={`/admin/customers/${c.id}`}>{t('openCustomer')}</Link>
      </p>
    </Card>
  );
}

function Delivery({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const a = d.delivery_address;
  return (
    <Card title={t('delivery')}>
      <Facts
        items={[
          [t('receiver'), a.receiver_name],
          [
            t('address'),
            <address className="admin-orders__address">
              <AddressLines address={a} />
            </address>,
          ],
          [t('phone'), <a href={`tel:${a.phone.replace(/[^\d+]/g, '')}`}>{a.phone}</a>],
          [t('shippingMethod'), t(`shipping.${d.shipping_method}`)],
        ]}
      />
    </Card>
  );
}

function Payment({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const [zoomed, setZoomed] = useState(false);
  const p = d.payment;
  const src = p.receipt_url ? `${API_BASE}${p.receipt_url}` : null;
  const alt = t('receiptImage', { orderNo: d.order_no });
  return (
    <Card title={t('payment')}>
      <Facts
        items={[
          [t('paymentMethod'), t(`method.${p.method}`)],
          [t('reference'), p.reference ?? '—'],
        ]}
      />
      {p.attention && (
        <p className="admin-orders__note" role="status">
          {t(`attention.${p.attention}`)} {t('attention.hint')}
        </p>
      )}
      {p.receipt_rejected_reason && (
        <p className="admin-orders__note">
          {t('receiptRejected', {
            date: p.receipt_rejected_at ? formatDateTime(p.receipt_rejected_at) : '',
            reason: p.receipt_rejected_reason,
          })}
        </p>
      )}
      {p.method === 'bank_transfer' && (
        <>
          <h3>{t('receipt')}</h3>
          {src ? (
            <button
              type="button"
              className="admin-orders__receipt"
              onClick={() => setZoomed(true)}
              aria-label={t('receiptZoom')}
            >
              <img src={src} alt={alt} loading="lazy" />
            </button>
          ) : (
            <p>{t('noReceipt')}</p>
          )}
        </>
      )}
      {p.provider_payments.map((c) => (
        <Facts key={c.charge_id} items={providerPaymentFacts(t, c)} />
      ))}
      {zoomed && src && (
        <Modal title={alt} closeLabel={t('close')} onClose={() => setZoomed(false)} className="admin-orders__zoom">
          <img src={src} alt={alt} />
        </Modal>
      )}
    </Card>
  );
}

type ProviderPayment = Detail['payment']['provider_payments'][number];

/**
 * One payment recorded from a provider: a Telegram invoice's charge, or a card payment (docs/decisions/040) with its
 * card, its status when not simply succeeded, and what the provider refunded of it.
 */
function providerPaymentFacts(t: TFunction<'admin-orders'>, c: ProviderPayment): Array<[string, ReactNode]> {
  const when = formatDateTime(c.at);
  if (c.provider === 'telegram') {
    return [
      [t('telegramPayment'), `${formatCents(c.amount_cents)} · ${when}`],
      [t('chargeId'), <code>{c.charge_id}</code>],
    ];
  }
  const card = c.card_last4 ? cardLabel({ brand: c.card_brand ?? '', last4: c.card_last4 }).trim() : null;
  const status = c.status && c.status !== 'succeeded' ? c.status : null;
  const facts: Array<[string, ReactNode]> = [
    [t('cardPayment'), [formatCents(c.amount_cents), card, status, when].filter(Boolean).join(' · ')],
  ];
  if (c.refunded_cents) facts.push([t('cardRefunded'), formatCents(c.refunded_cents)]);
  facts.push([t('paymentId'), <code>{c.charge_id}</code>]);
  return facts;
}

/** A refund's method: a payment method's name (card, bank transfer), else the Record refund form's (cash, other…). */
const refundMethodLabel = (t: TFunction<'admin-orders'>, method: string) =>
  t(`method.${method}`, { defaultValue: t(`admin-order-actions:methods.${method}`, { defaultValue: method }) });

function Totals({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const x = d.totals;
  const rows: Array<[string, ReactNode]> = [
    [t('subtotal'), formatCents(x.subtotal_cents)],
    [t('deliveryFee'), formatCents(x.delivery_fee_cents)],
  ];
  if (x.coupon_code) rows.push([t('coupon', { code: x.coupon_code }), `−${formatCents(x.coupon_discount_cents)}`]);
  if (x.cash_reward_cents > 0) rows.push([t('cashReward'), `−${formatCents(x.cash_reward_cents)}`]);
  rows.push([t('total'), <strong>{formatCents(x.total_cents)}</strong>]);
  if (x.paid_cents > 0) rows.push([t('paid'), formatCents(x.paid_cents)]);
  if (x.refunded_cents > 0) rows.push([t('refunded'), formatCents(x.refunded_cents)]);
  return (
    <Card title={t('totals')}>
      <Facts items={rows} />
    </Card>
  );
}

function Tracking({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const tr = d.tracking;
  return (
    <Card title={t('tracking')}>
      {tr.number ? (
        <Facts
          items={[
            [t('trackingCompany'), tr.company ?? '—'],
            [t('trackingNumber'), tr.number],
            [t('trackingLink'), tr.link ? <ExternalLink href={tr.link}>{tr.link}</ExternalLink> : '—'],
          ]}
        />
      ) : (
        <p>{t('noTracking')}</p>
      )}
    </Card>
  );
}

function Refunds({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  return (
    <Card title={t('refunds')}>
      {d.refund_owed_cents > 0 && (
        <p className="admin-orders__note">
          {t('refundOwedAmount', { amount: formatCents(d.refund_owed_cents) })}{' '}
          {t(refundKind({ payment_method: d.payment.method }) === 'card' ? 'refundGoesToCard' : 'refundIsRecorded')}
        </p>
      )}
      {d.refunds.length === 0 ? (
        <p>{t('noRefunds')}</p>
      ) : (
        <ul className="admin-orders__list">
          {d.refunds.map((r) => (
            <li key={r.id}>
              {formatDateTime(r.at)}:{' '}
              {t('refundLine', {
                amount: formatCents(r.amount_cents),
                method: refundMethodLabel(t, r.method),
                reference: r.reference,
              })}
              {r.recorded_by && <> ({t('recordedBy', { who: r.recorded_by })})</>}
              {r.provider_status && (
                <>
                  {' — '}
                  {t(`refundState.${r.provider_status}`, { defaultValue: r.provider_status })}
                  {r.failure_reason && `: ${r.failure_reason}`}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the timeline does not show: file paths and row ids are for the server, not for staff. */
const INTERNAL_DETAILS = new Set(['receipt', 'receipt_path', 'refund_id']);

/** An event's details as "Label: value" (amounts in dollars), in the staff member's language. */
function eventDetails(e: AdminOrderEvent, t: TFunction<'admin-orders'>): string {
  if (!e.details) return '';
  return Object.entries(e.details)
    .filter(([k, v]) => !INTERNAL_DETAILS.has(k) && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => {
      const value =
        k.endsWith('_cents') && typeof v === 'number' ? formatCents(v) : typeof v === 'string' ? v : JSON.stringify(v);
      return `${t(`detail.${k}`, { defaultValue: k.replaceAll('_', ' ') })}: ${value}`;
    })
    .join(' · ');
}

function Timeline({ d }: { d: Detail }) {
  const { t } = useTranslation('admin-orders');
  const actor = (a: string) => t(`actor.${a}`, { defaultValue: a });
  return (
    <Card title={t('timeline')} className={WIDE}>
      {d.timeline.length === 0 ? (
        <p>{t('noTimeline')}</p>
      ) : (
        <ol className="admin-orders__timeline">
          {d.timeline.map((e, i) => (
            <li key={e.id ?? `made-${i}`}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>{' '}
              <strong>{t(`event.${e.kind}`, { defaultValue: e.kind })}</strong> · {actor(e.actor)}
              {e.id === null && <> {t('fromOrderTimes')}</>}
              {eventDetails(e, t) && <div className="admin-orders__details">{eventDetails(e, t)}</div>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
