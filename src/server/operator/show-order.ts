import type { AdminOrderEvent } from '../../common/contract/admin/orders';
import { formatCents } from '../../common/money';
import type { Db } from '../db/connection';
import { orderDetail } from '../orders/admin-read-service';
import { orderByNo } from '../orders/records';
import { OperatorError } from './service';

/**
 * `orders --show <order_no>`: one order as the back office's order page shows it (the same read service), as
 * lines for a terminal: items, customer, delivery, payment and the receipt's file, totals, tracking, refunds and
 * the timeline. Times are UTC.
 */

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const every = (weeks: number) => (weeks > 0 ? `every ${weeks} weeks` : 'one-time');

const eventText = (e: AdminOrderEvent): string => {
  const details = e.details
    ? Object.entries(e.details)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(', ')
    : '';
  return `  ${when(e.at)}  ${e.kind.padEnd(17)} ${e.actor}${details ? `  (${details})` : ''}${e.id === null ? '  [from the order’s times]' : ''}`;
};

export async function showOrder(db: Db, orderNo: string): Promise<string[]> {
  const order = await orderByNo(db, orderNo);
  if (!order) throw new OperatorError(`There is no order ${orderNo}`);
  const d = await orderDetail(db, order, null);
  const a = d.delivery_address;
  const t = d.totals;
  // The receipt's key in the file store (FILES_URL); `npm run shop -- receipt <order_no> --out FILE` writes it out.
  const receipt = order.receipt_path;
  const lines = [
    `Order ${d.order_no}  ${d.status}  placed ${when(d.placed_at)}${d.subscription_id ? `  (renewal of subscription ${d.subscription_id})` : ''}`,
    '',
    'Items',
    ...d.items.map(
      (i) =>
        `  ${i.quantity} x ${i.name} (${i.packaging}), ${every(i.frequency_weeks)}  ${formatCents(i.unit_price_cents)} each = ${formatCents(i.line_total_cents)}`,
    ),
    '',
    `Customer   ${d.customer.nickname} <${d.customer.email}>  ${d.customer.phone}  Telegram ${d.customer.telegram_linked ? 'linked' : 'not linked'}`,
    `Deliver to ${a.receiver_name}${a.company ? `, ${a.company}` : ''}, ${a.address}, ${a.city}, ${a.state_name} ${a.zip}, ${a.country}`,
    `Phone      ${a.phone}`,
    `Shipping   ${d.shipping_method}`,
    `Payment    ${d.payment.method}${d.payment.reference ? `  reference ${d.payment.reference}` : ''}`,
    `Receipt    ${receipt ?? '-'}${d.payment.receipt_waiting ? '  (waiting to be checked)' : ''}`,
    ...(d.payment.receipt_rejected_reason
      ? [
          `           rejected ${when(d.payment.receipt_rejected_at ?? d.placed_at)}: ${d.payment.receipt_rejected_reason}`,
        ]
      : []),
    ...d.payment.provider_payments.map(
      (p) => `           ${p.provider} charge ${p.charge_id}: ${formatCents(p.amount_cents)} at ${when(p.at)}`,
    ),
    '',
    `Subtotal   ${formatCents(t.subtotal_cents)}`,
    `Delivery   ${formatCents(t.delivery_fee_cents)}`,
    ...(t.coupon_code ? [`Coupon     ${t.coupon_code}  -${formatCents(t.coupon_discount_cents)}`] : []),
    ...(t.cash_reward_cents > 0 ? [`Cash reward -${formatCents(t.cash_reward_cents)}`] : []),
    `Total      ${formatCents(t.total_cents)}`,
    '',
    `Tracking   ${d.tracking.number ? `${d.tracking.company ?? ''} ${d.tracking.number}${d.tracking.link ? ` ${d.tracking.link}` : ''}` : '-'}`,
    `Refunds    ${d.refunds.length ? '' : '-'}${d.refund_owed_cents > 0 ? `refund owed ${formatCents(d.refund_owed_cents)}` : ''}`,
    ...d.refunds.map(
      (r) =>
        `  ${when(r.at)}  ${formatCents(r.amount_cents)} by ${r.method}, reference ${r.reference}${r.recorded_by ? `, recorded by ${r.recorded_by}` : ''}`,
    ),
    '',
    'Timeline',
    ...d.timeline.map(eventText),
  ];
  return lines;
}
