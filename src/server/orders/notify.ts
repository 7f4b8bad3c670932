import { langOf, parseLang } from '../../common/contract/lang';
import { accountById } from '../accounts/service';
import type { Order, User } from '../db/schema';
import { nowIso } from '../lib/time';
import { type MailOrderLine, orderFigures } from '../mail/order-figures';
import { enqueueMail, type MailExchange, type MailKind, type MailParams } from '../mail/outbox';
import { enqueueOrderNotification, type OrderNotificationKind } from '../notifications/outbox';
import type { MailTx } from '../shop';
import { findOrder, paidCard } from './repository';

/**
 * Order news to the customer on both channels (docs/decisions/012 for the bot, 016 for e-mail): the bot's notice and
 * the e-mail are queued together, in the transaction of the change they report, so each exists exactly when the
 * change committed.
 *
 * E-mail goes to the account's address (confirmed or not: it is about the customer's own order), in the language the
 * order was placed in. The profile's e-mail switch (users.notify_email) turns order e-mail off, except while the
 * order awaits the customer's payment (placed unpaid, receipt rejected, a renewal placed unpaid): those are always
 * sent. Each message has a dedupe key (`order:<id>:<kind>`, plus the event's id where the kind can repeat), so a
 * change that is retried never queues it twice. The e-mail carries the order's figures as this transaction sees them
 * after the change (mail/order-figures.ts): sent later, it still says what was true when the change happened. An
 * exchange's e-mail carries the request instead (`mail.exchange`, as the change left it), and no figures.
 */

/** The e-mail of each bot notice (address_changed: the customer made that change themselves, no e-mail). */
const MAIL_OF: Partial<Record<OrderNotificationKind, MailKind>> = {
  placed: 'order_placed',
  paid: 'order_paid',
  receipt_rejected: 'order_receipt_rejected',
  processing: 'order_processing',
  tracking: 'order_shipped',
  completed: 'order_completed',
  cancelled: 'order_cancelled',
  expired: 'order_expired',
  refund_recorded: 'order_refund_recorded',
  exchange_requested: 'exchange_requested',
  exchange_approved: 'exchange_approved',
  exchange_declined: 'exchange_declined',
};

/** Kinds that can happen more than once to one order: their dedupe key carries the event's id. */
const REPEATABLE = new Set<OrderNotificationKind>([
  'receipt_rejected',
  'tracking',
  'refund_recorded',
  // One per exchange request (eventId: the request's id).
  'exchange_requested',
  'exchange_approved',
  'exchange_declined',
]);

export interface OrderNews {
  userId: number;
  orderId: number;
  kind: OrderNotificationKind;
  /** The bot notice's placeholders (e.g. `reason`, `amount`). */
  params?: Record<string, string>;
  /**
   * What only the event knows, for the e-mail: a rejection's reason, a refund's amount and method, an exchange request
   * as it is after the change (its e-mail says only that, no order figures).
   */
  mail?: {
    reason?: string;
    amountCents?: number;
    method?: string;
    exchange?: MailExchange;
    /** The card that paid (a Paid notice of a card payment), or the card a refund went back to. */
    card?: { brand: string; last4: string };
  };
  /** The order_events row (or refund) of this change: tells apart two changes of a repeatable kind. */
  eventId?: number;
  /** A Subscribe & save renewal placed by the server: the e-mail is `renewal_placed`. */
  renewalOf?: number;
  /**
   * The customer's row, the order's row as it is after the change and its lines, when the caller already holds them in
   * this transaction (placing an order): not read again. Only rows that are current: a row read before the change
   * must not be given (the e-mail would report the order as it was).
   */
  user?: User;
  order?: Order;
  items?: readonly MailOrderLine[];
}

/** Queues the bot notice and the e-mail of one change. Call it with the transaction of the change. */
export async function notifyOrder(tx: MailTx, given: OrderNews, now: string = nowIso()): Promise<void> {
  const news = given.kind === 'paid' ? await withPaidCard(tx, given) : given;
  await enqueueOrderNotification(
    tx.db,
    { userId: news.userId, orderId: news.orderId, kind: news.kind, ...(news.params ? { params: news.params } : {}) },
    now,
  );
  await queueOrderMail(tx, news, now);
}

/**
 * A card payment's Paid notice names the card's brand and last four digits as the provider reported them, nothing
 * more (docs/decisions/040): read from the payment recorded before the order was marked Paid.
 */
async function withPaidCard(tx: MailTx, news: OrderNews): Promise<OrderNews> {
  const card = await paidCard(tx.db, news.orderId);
  if (!card) return news;
  return {
    ...news,
    params: { ...news.params, card_brand: card.brand, card_last4: card.last4 },
    mail: { ...news.mail, card },
  };
}

async function queueOrderMail(tx: MailTx, news: OrderNews, now: string): Promise<void> {
  const base = MAIL_OF[news.kind];
  if (!base || !tx.mailOn) return;
  const trx = tx.db;
  const user = news.user ?? (await accountById(trx, news.userId));
  const order = news.order ?? (await findOrder(trx, news.orderId));
  if (!user?.email || !order) return;
  const awaitsPayment = (news.kind === 'placed' && order.status === 'Pending') || news.kind === 'receipt_rejected';
  if (user.notify_email !== 1 && !awaitsPayment) return;

  const orderId = order.id;
  const key = REPEATABLE.has(news.kind)
    ? `order:${orderId}:${news.kind}:${news.eventId ?? now}`
    : `order:${orderId}:${news.kind}`;
  const lang = parseLang(order.lang) ?? langOf(user.language);
  const common = { to: user.email, userId: user.id, orderId, lang, dedupeKey: key };
  if (base === 'exchange_requested' || base === 'exchange_approved' || base === 'exchange_declined') {
    const exchange = news.mail?.exchange;
    if (!exchange || news.eventId === undefined) throw new Error(`${base} needs the request's id and snapshot`);
    const params = { orderId, orderNo: order.order_no, exchangeId: news.eventId, exchange };
    await enqueueMail(tx, { ...common, kind: base, params }, now);
    return;
  }
  const figures = await orderFigures(trx, order, news.items);

  if (news.kind === 'placed' && news.renewalOf !== undefined) {
    const params: MailParams['renewal_placed'] = { orderId, figures, subscriptionId: news.renewalOf };
    await enqueueMail(tx, { ...common, kind: 'renewal_placed', params }, now);
    return;
  }
  switch (base) {
    case 'order_receipt_rejected':
      await enqueueMail(
        tx,
        { ...common, kind: base, params: { orderId, figures, reason: news.mail?.reason ?? '' } },
        now,
      );
      return;
    case 'order_paid': {
      const card = news.mail?.card;
      await enqueueMail(tx, { ...common, kind: base, params: { orderId, figures, ...(card ? { card } : {}) } }, now);
      return;
    }
    case 'order_refund_recorded': {
      const { amountCents = 0, method = '', card } = news.mail ?? {};
      const params = { orderId, figures, amountCents, method, ...(card ? { card } : {}) };
      await enqueueMail(tx, { ...common, kind: base, params }, now);
      return;
    }
    default:
      await enqueueMail(tx, { ...common, kind: base, params: { orderId, figures } }, now);
  }
}
