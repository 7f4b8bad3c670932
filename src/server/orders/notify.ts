import { parseLang } from '../../common/contract/lang';
import { findUserById } from '../accounts/repository';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';
import { enqueueMail, type MailKind, type MailParams } from '../mail/outbox';
import { isMailOn } from '../mail/switch';
import { enqueueOrderNotification, type OrderNotificationKind } from '../notifications/outbox';
import { findOrder } from './repository';

/**
 * Order news to the customer on both channels (docs/decisions/012 for the bot, 016 for e-mail): the bot's notice and
 * the e-mail are queued together, in the transaction of the change they report, so each exists exactly when the
 * change committed.
 *
 * E-mail goes to the account's address (confirmed or not: it is about the customer's own order), in the language the
 * order was placed in. The profile's e-mail switch (users.notify_email) turns order e-mail off, except while the
 * order awaits the customer's payment (placed unpaid, receipt rejected, a renewal placed unpaid): those are always
 * sent. Each message has a dedupe key (`order:<id>:<kind>`, plus the event's id where the kind can repeat), so a
 * change that is retried never queues it twice.
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
};

/** Kinds that can happen more than once to one order: their dedupe key carries the event's id. */
const REPEATABLE = new Set<OrderNotificationKind>(['receipt_rejected', 'tracking', 'refund_recorded']);

export interface OrderNews {
  userId: number;
  orderId: number;
  kind: OrderNotificationKind;
  /** The bot notice's placeholders (e.g. `reason`, `amount`). */
  params?: Record<string, string>;
  /** What only the event knows, for the e-mail: a rejection's reason, a refund's amount and method. */
  mail?: { reason?: string; amountCents?: number; method?: string };
  /** The order_events row (or refund) of this change: tells apart two changes of a repeatable kind. */
  eventId?: number;
  /** A Subscribe & save renewal placed by the server: the e-mail is `renewal_placed`. */
  renewalOf?: number;
}

/** Queues the bot notice and the e-mail of one change. Call it with the transaction of the change. */
export async function notifyOrder(trx: Db, news: OrderNews, now: string = nowIso()): Promise<void> {
  await enqueueOrderNotification(
    trx,
    { userId: news.userId, orderId: news.orderId, kind: news.kind, ...(news.params ? { params: news.params } : {}) },
    now,
  );
  await queueOrderMail(trx, news, now);
}

async function queueOrderMail(trx: Db, news: OrderNews, now: string): Promise<void> {
  const base = MAIL_OF[news.kind];
  if (!base || !isMailOn(trx)) return;
  const user = await findUserById(trx, news.userId);
  const order = await findOrder(trx, news.orderId);
  if (!user?.email || !order) return;
  const awaitsPayment = (news.kind === 'placed' && order.status === 'Pending') || news.kind === 'receipt_rejected';
  if (user.notify_email !== 1 && !awaitsPayment) return;

  const orderId = order.id;
  const key = REPEATABLE.has(news.kind)
    ? `order:${orderId}:${news.kind}:${news.eventId ?? now}`
    : `order:${orderId}:${news.kind}`;
  const lang = parseLang(order.lang) ?? parseLang(user.language) ?? 'en';
  const common = { to: user.email, userId: user.id, orderId, lang, dedupeKey: key };

  if (news.kind === 'placed' && news.renewalOf !== undefined) {
    const params: MailParams['renewal_placed'] = { orderId, subscriptionId: news.renewalOf };
    await enqueueMail(trx, { ...common, kind: 'renewal_placed', params }, now);
    return;
  }
  switch (base) {
    case 'order_receipt_rejected':
      await enqueueMail(trx, { ...common, kind: base, params: { orderId, reason: news.mail?.reason ?? '' } }, now);
      return;
    case 'order_refund_recorded':
      await enqueueMail(
        trx,
        {
          ...common,
          kind: base,
          params: { orderId, amountCents: news.mail?.amountCents ?? 0, method: news.mail?.method ?? '' },
        },
        now,
      );
      return;
    default:
      await enqueueMail(trx, { ...common, kind: base, params: { orderId } }, now);
  }
}
