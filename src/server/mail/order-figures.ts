import type { Db } from '../db/connection';
import type { Order, OrderItemsTable } from '../db/schema';
import { orderAmounts } from '../orders/amounts';
import { orderById, orderLines } from '../orders/records';
import { refundState } from '../orders/refunds';

/**
 * What an order e-mail says of the order (docs/decisions/016): its figures as they were when the event happened, taken
 * in the transaction of the change (orders/notify.ts) and kept in the outbox row's parameters. A message sent later
 * (the SMTP server was down, a retry) still says what was true then: a refund's "still to be refunded", a cancelled
 * order's refund owed, the tracking number of that shipment, the status and totals of that moment.
 * What is not the event's (the shop's bank account, how long an order may stay unpaid) is read when it is sent.
 */

/** The order's fields its e-mails show. */
export interface MailOrder
  extends Pick<
    Order,
    | 'id'
    | 'order_no'
    | 'status'
    | 'payment_method'
    | 'subtotal_cents'
    | 'delivery_fee_cents'
    | 'coupon_code'
    | 'coupon_discount_cents'
    | 'cash_reward_cents'
    | 'total_cents'
    | 'receiver_name'
    | 'phone'
    | 'company'
    | 'address'
    | 'city'
    | 'state_name'
    | 'zip'
    | 'country'
    | 'tracking_company'
    | 'tracking_number'
    | 'tracking_link'
  > {
  /** A transfer's receipt was with the order (the placed e-mail then says it is being checked). */
  has_receipt: boolean;
}

/** One line of the order as its e-mails show it. */
export type MailOrderLine = Pick<
  OrderItemsTable,
  'name_en' | 'name_zh' | 'variant_name_en' | 'variant_name_zh' | 'quantity' | 'frequency_weeks' | 'line_total_cents'
>;

export interface OrderFigures {
  order: MailOrder;
  items: MailOrderLine[];
  /** What a cancelled order still owed back then (0 for any other order). */
  owedCents: number;
}

/**
 * The figures of `order` as this connection sees them (call it with the transaction of the change, after the change).
 * `items`: the lines when the caller already holds them (placing the order), else they are read.
 */
export async function orderFigures(db: Db, order: Order, items?: readonly MailOrderLine[]): Promise<OrderFigures> {
  const lines = items ?? (await orderLines(db, order.id));
  const { owedCents } = await refundState(db, order);
  return {
    order: {
      id: order.id,
      order_no: order.order_no,
      status: order.status,
      payment_method: order.payment_method,
      ...orderAmounts(order),
      receiver_name: order.receiver_name,
      phone: order.phone,
      company: order.company,
      address: order.address,
      city: order.city,
      state_name: order.state_name,
      zip: order.zip,
      country: order.country,
      tracking_company: order.tracking_company,
      tracking_number: order.tracking_number,
      tracking_link: order.tracking_link,
      has_receipt: order.receipt_path !== null,
    },
    items: lines.map((l) => ({
      name_en: l.name_en,
      name_zh: l.name_zh,
      variant_name_en: l.variant_name_en,
      variant_name_zh: l.variant_name_zh,
      quantity: l.quantity,
      frequency_weeks: l.frequency_weeks,
      line_total_cents: l.line_total_cents,
    })),
    owedCents,
  };
}

/** The figures of order `orderId` now, or undefined when it no longer exists (a message queued without figures). */
export async function currentOrderFigures(db: Db, orderId: number): Promise<OrderFigures | undefined> {
  const order = await orderById(db, orderId);
  return order ? orderFigures(db, order) : undefined;
}
