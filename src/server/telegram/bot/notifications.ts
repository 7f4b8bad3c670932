import { type Api, GrammyError, InlineKeyboard, InputFile } from 'grammy';
import { cardLabel } from '../../../common/card-brand';
import type { Lang } from '../../../common/contract/lang';
import { isHttpLink } from '../../../common/links';
import { formatCents } from '../../../common/money';
import type { Db } from '../../db/connection';
import type { Order } from '../../db/schema';
import type { FileStore } from '../../files/store';
import { createIntervalJob, type JobMetrics, type JobRound } from '../../lib/interval-job';
import {
  type AccountNotificationKind,
  BACK_IN_STOCK,
  claimNotice,
  DATA_EXPORT_READY,
  dueNotices,
  finishNotice,
  isAccountNotificationKind,
  isReminderKind,
  retryNoticeLater,
} from '../../notifications/outbox';
import { BACKUP_FAILED_ALERT, isStaffAlertKind } from '../../notifications/staff-alerts';
import { DELETE_KEEP_DATA } from './account-deletion';
import { dataExportReadyMessage } from './data-export';
import { markup, type ShopLinks } from './links';
import { type BotTextKey, botLang, botText, statusText } from './locales';
import { isPhotoRefused, reminderMessage } from './reminders';
import { backupFailedMessage, staffAlertMessage } from './staff-alerts';
import { backInStockMessage } from './stock-alerts';

/**
 * Order news for linked customers (docs/decisions/012): the `notifications` outbox is written in the same
 * transaction as the status change (src/server/notifications/outbox.ts: placed, paid, processing,
 * tracking — shipped with its tracking —, completed, cancelled, expired (cancelled unpaid), address_changed); this
 * sender drains it, and the staff alerts too (notifications/staff-alerts.ts, messages in ./staff-alerts.ts).
 *
 * Once across instances (docs/decisions/024): the sender is an interval job with a lease, so one instance drains at a
 * time; and each row is claimed with a conditional update that holds it for CLAIM_MS, so even two senders at once
 * (a lease taken over, a `drainOnce` beside the timer) never send one row twice while the first is inside its
 * Telegram call. A failed send is retried after a growing pause (RETRY_PAUSE_S), up to MAX_ATTEMPTS.
 */

const MAX_ATTEMPTS = 5;
/**
 * How long a row's claim holds: above the longest a Telegram call may last (grammY's timeout, 500 s; calls usually
 * take ms). A shorter claim let another sender send a row again while a stalled call was still going to succeed.
 */
const CLAIM_MS = 10 * 60_000;
/** The sender job's lease: a round extends it after each row. */
const SENDER_LEASE_MS = 2 * 60_000;
/** The pause after the n-th failed attempt, in seconds (the last entry repeats). */
export const RETRY_PAUSE_S = [30, 120, 600, 1800] as const;

type OrderNews = Pick<
  Order,
  'id' | 'order_no' | 'status' | 'total_cents' | 'tracking_company' | 'tracking_number' | 'tracking_link'
>;

/** "Visa •••• 4242" from a notice's `card_brand` and `card_last4`, or null when the provider did not report them. */
const cardOf = (extra: Record<string, string>) =>
  extra.card_brand && extra.card_last4 ? cardLabel({ brand: extra.card_brand, last4: extra.card_last4 }) : null;

/** The message of one piece of order news, in the customer's language, with a button to the order. */
function orderNotification(
  lang: Lang,
  kind: string,
  order: OrderNews,
  links: ShopLinks,
  extra: Record<string, string> = {},
): { text: string; keyboard?: InlineKeyboard } {
  const params = {
    orderNo: order.order_no,
    total: formatCents(order.total_cents),
    status: statusText(lang, order.status),
  };
  const lines: string[] = [];
  switch (kind) {
    case 'placed':
      lines.push(botText(lang, 'notifyPlaced', params));
      break;
    case 'paid': {
      // A card payment names its card as the provider reported it (docs/decisions/040).
      const card = cardOf(extra);
      const paid = { ...params, status: statusText(lang, 'Paid') };
      lines.push(card ? botText(lang, 'notifyPaidCard', { ...paid, card }) : botText(lang, 'notifyPaid', paid));
      break;
    }
    case 'processing':
      lines.push(botText(lang, 'notifyProcessing', params));
      break;
    case 'tracking':
    case 'shipped':
      lines.push(botText(lang, 'notifyShipped', params));
      if (order.tracking_number) {
        lines.push(
          botText(lang, 'notifyTracking', { company: order.tracking_company ?? '-', number: order.tracking_number }),
        );
      }
      if (order.tracking_link) lines.push(order.tracking_link);
      break;
    case 'completed':
      lines.push(botText(lang, 'notifyCompleted', params));
      break;
    case 'cancelled':
      lines.push(botText(lang, 'notifyCancelled', params));
      break;
    case 'expired':
      lines.push(botText(lang, 'notifyExpired', params));
      break;
    case 'address_changed':
      lines.push(botText(lang, 'notifyAddressChanged', params));
      break;
    case 'receipt_rejected':
      lines.push(botText(lang, 'notifyReceiptRejected', { ...params, reason: extra.reason ?? '-' }));
      break;
    case 'renewal_charge_failed':
      lines.push(
        extra.retry_at
          ? botText(lang, 'notifyRenewalChargeFailed', { ...params, date: extra.retry_at.slice(0, 10) })
          : botText(lang, 'notifyRenewalChargeFailedLast', params),
      );
      break;
    case 'refund_recorded': {
      // A refund the provider gave back to the card names that card (docs/decisions/040).
      const card = cardOf(extra);
      const refund = { ...params, amount: extra.amount ?? '-' };
      lines.push(
        card ? botText(lang, 'notifyRefundCard', { ...refund, card }) : botText(lang, 'notifyRefundRecorded', refund),
      );
      break;
    }
    case 'exchange_requested':
    case 'exchange_approved':
    case 'exchange_declined': {
      const key = EXCHANGE_TEXT[kind];
      const item = (lang === 'zh' ? extra.item_zh : extra.item_en) ?? extra.item_en ?? '-';
      lines.push(botText(lang, key, { ...params, item, answer: extra.answer ?? '-' }));
      break;
    }
    default:
      lines.push(botText(lang, 'notifyStatus', params));
  }
  const keyboard = new InlineKeyboard();
  // A renewal not charged: the order's page, where Pay now is (docs/decisions/040).
  const label = kind === 'renewal_charge_failed' ? botText(lang, 'payNow') : botText(lang, 'viewOrder');
  links.addButton(keyboard, label, links.order(order.id));
  if ((kind === 'tracking' || kind === 'shipped') && order.tracking_link && isHttpLink(order.tracking_link)) {
    // The URL as parsed (`HTTPS://X` → `https://x/`): the button gets the normal form of the link the server saved.
    keyboard.row().url(botText(lang, 'trackParcel'), new URL(order.tracking_link).href);
  }
  return { text: lines.join('\n'), keyboard: markup(keyboard) };
}

/** The exchange news (exchanges/service.ts): `params` carry the item's names and staff's answer. */
const EXCHANGE_TEXT = {
  exchange_requested: 'notifyExchangeRequested',
  exchange_approved: 'notifyExchangeApproved',
  exchange_declined: 'notifyExchangeDeclined',
} as const satisfies Record<string, BotTextKey>;

const trackingOf = (row: {
  tracking_company: string | null;
  tracking_number: string | null;
  tracking_link: string | null;
}) => ({
  tracking_company: row.tracking_company,
  tracking_number: row.tracking_number,
  tracking_link: row.tracking_link,
});

/** News that concerns no order: a subscription renewal that could not be placed (src/server/subscriptions). */
function renewalFailedNotification(lang: Lang, links: ShopLinks): { text: string; keyboard?: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  links.addButton(keyboard, botText(lang, 'manageSubscriptions'), links.url('/subscriptions'));
  return { text: botText(lang, 'notifyRenewalFailed'), keyboard: markup(keyboard) };
}

const accountTextKeys: Record<AccountNotificationKind, BotTextKey> = {
  telegram_linked: 'notifyTelegramLinked',
  telegram_link_moved: 'notifyTelegramLinkMoved',
  telegram_unlinked: 'notifyTelegramUnlinked',
  password_changed: 'notifyPasswordChanged',
  password_reset: 'notifyPasswordReset',
  contact_changed: 'notifyContactChanged',
  bank_details_changed: 'notifyBankDetailsChanged',
  login_attempts: 'notifyLoginAttempts',
  delete_account_confirm: 'notifyDeleteConfirm',
};

/** An account notice (src/server/notifications/outbox.ts), with a button to the profile. */
function accountNotification(
  lang: Lang,
  kind: AccountNotificationKind,
  params: Record<string, string>,
  links: ShopLinks,
): { text: string; keyboard?: InlineKeyboard } {
  const keyboard = new InlineKeyboard();
  if (kind === 'delete_account_confirm' && params.data) {
    // The signed confirmation (account-deletion/service.ts); the bot's callback handler (account-deletion.ts) reads it.
    keyboard
      .text(botText(lang, 'deleteConfirmButton'), params.data)
      .row()
      .text(botText(lang, 'deleteKeepButton'), DELETE_KEEP_DATA);
    return { text: botText(lang, accountTextKeys[kind], params), keyboard };
  }
  links.addButton(keyboard, botText(lang, 'openProfile'), links.url('/profile'));
  return { text: botText(lang, accountTextKeys[kind], params), keyboard: markup(keyboard) };
}

/** The stored params of a notice; a row written by hand with bad JSON has none. */
function paramsOf(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Errors after which sending again cannot help: the user blocked the bot, or never started it. */
function isPermanent(err: unknown): boolean {
  return (
    err instanceof GrammyError &&
    (err.error_code === 403 || (err.error_code === 400 && /chat not found|user not found/i.test(err.description)))
  );
}

export interface NotificationSender {
  /** Sends what is due at `now` (default: now), without the job's lease; resolves to the number of messages sent. */
  drainOnce(now?: Date): Promise<number>;
  /** What the timer does once: claims the job's lease and drains; null when another sender holds it. */
  tickOnce(now?: Date): Promise<number | null>;
  /** Drains every `intervalMs` (once across instances) until stopped. */
  start(): void;
  /** Stops the interval and waits for a round in progress. */
  stop(): Promise<void>;
}

interface SenderOptions {
  db: Db;
  /** Where receipts are kept: a staff alert of a receipt sends it as a photo. */
  files: FileStore;
  api: Api;
  links: ShopLinks;
  intervalMs?: number;
  batchSize?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Where its rounds are counted (the shop's metrics). */
  metrics?: JobMetrics;
}

export function createNotificationSender({
  db,
  files,
  api,
  links,
  intervalMs = 5000,
  batchSize = 25,
  log,
  metrics,
}: SenderOptions): NotificationSender {
  const sender: Sender = { db, files, api, links, log };
  const job = createIntervalJob({
    name: 'bot outbox sender',
    run: (now, round) => sendDue(sender, now, round, batchSize),
    intervalMs,
    lease: { db, ttlMs: SENDER_LEASE_MS },
    ...(log ? { log } : {}),
    metrics,
  });
  return { drainOnce: job.runOnce, tickOnce: job.tickOnce, start: job.start, stop: job.stop };
}

/** What a round works with. */
type Sender = Pick<SenderOptions, 'db' | 'files' | 'api' | 'links' | 'log'>;

/** A notice due, as the outbox reads it (notifications/outbox.ts `dueNotices`). */
type DueNotice = Awaited<ReturnType<typeof dueNotices>>[number];

type NoticeMessage = { text: string; keyboard?: InlineKeyboard; photo?: Uint8Array; photoUrl?: string };

/** One round: the due notices, oldest first, each claimed and then sent, skipped or left for a later try. */
async function sendDue(s: Sender, now: Date, job: JobRound, batchSize: number): Promise<number> {
  const { db } = s;
  const startedWall = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - startedWall));
  const due = await dueNotices(db, { maxAttempts: MAX_ATTEMPTS, limit: batchSize, now: now.toISOString() });
  let sent = 0;
  for (const row of due) {
    // Between two rows: the sender's job lease stays ours (or the round stops here).
    await job.extend();
    // Claim the row: only one sender wins this attempt, and it holds the row while it sends.
    const claimedAt = clock();
    const claim = {
      now: claimedAt.toISOString(),
      claimedUntil: new Date(claimedAt.getTime() + CLAIM_MS).toISOString(),
    };
    if (!(await claimNotice(db, row.id, row.attempts, claim))) continue;
    // Account notices may name the chat (a Telegram user the account was just moved away from).
    const chatId = row.telegram_chat_id ?? row.telegram_user_id;
    if (!chatId) {
      await finishNotice(db, row.id, 'skipped: account not linked to Telegram');
      continue;
    }
    // Security notices go out whatever the order-news switch says; staff alerts follow the staff switch.
    const forStaff = isStaffAlertKind(row.kind) || row.kind === BACKUP_FAILED_ALERT;
    // A copy of their data the customer asked for is told whatever the switch says (docs/decisions/051).
    const askedFor = row.kind === DATA_EXPORT_READY;
    // Reminders follow the marketing switch alone, read when the message is made (docs/decisions/056).
    const ownSwitch = askedFor || isReminderKind(row.kind);
    if (row.notify_orders === 0 && !isAccountNotificationKind(row.kind) && !forStaff && !ownSwitch) {
      await finishNotice(db, row.id, 'skipped: order notifications turned off');
      continue;
    }
    const message = await noticeMessage(s, row);
    if ('skip' in message) {
      await finishNotice(db, row.id, message.skip);
      continue;
    }
    if (await sendNotice(s, row, chatId, message, clock)) sent += 1;
  }
  return sent;
}

/** The message of a notice in its reader's language, or why it is skipped. */
async function noticeMessage(s: Sender, row: DueNotice): Promise<NoticeMessage | { skip: string }> {
  const { db, files, links } = s;
  const lang = botLang(row.language, null);
  const { order_id, order_no, status, total_cents } = row;
  if (isStaffAlertKind(row.kind)) return staffAlertMessage(db, files, lang, { ...row, kind: row.kind }, links);
  if (row.kind === BACKUP_FAILED_ALERT) return backupFailedMessage(lang, row, links);
  if (row.kind === BACK_IN_STOCK) return backInStockMessage(db, lang, paramsOf(row.params), links);
  if (row.kind === DATA_EXPORT_READY) return dataExportReadyMessage(db, lang, paramsOf(row.params), links);
  if (isReminderKind(row.kind)) return reminderMessage(db, lang, row.kind, paramsOf(row.params), links);
  if (isAccountNotificationKind(row.kind))
    return accountNotification(lang, row.kind, { nickname: row.nickname, ...paramsOf(row.params) }, links);
  if (order_id !== null && order_no !== null && status !== null && total_cents !== null) {
    const order = { id: order_id, order_no, status, total_cents };
    return orderNotification(lang, row.kind, { ...order, ...trackingOf(row) }, links, paramsOf(row.params));
  }
  if (row.kind === 'renewal_failed') return renewalFailedNotification(lang, links);
  return { skip: 'skipped: order no longer exists' };
}

/**
 * Sends one message and notes the outcome: done, given up (the user blocked the bot or never started it), or due
 * again after a growing pause. Answers whether it went.
 */
async function sendNotice(
  s: Sender,
  row: DueNotice,
  chatId: number | string,
  message: NoticeMessage,
  clock: () => Date,
): Promise<boolean> {
  const { db, api, log } = s;
  try {
    if (message.photo) {
      await api.sendPhoto(chatId, new InputFile(message.photo, 'receipt'), {
        caption: message.text,
        reply_markup: message.keyboard,
      });
    } else if (message.photoUrl) {
      // A picture Telegram cannot take (docs/decisions/056) does not hold the reminder back: it goes as text.
      await api
        .sendPhoto(chatId, message.photoUrl, { caption: message.text, reply_markup: message.keyboard })
        .catch((err: unknown) => {
          if (!isPhotoRefused(err)) throw err;
          return api.sendMessage(chatId, message.text, { reply_markup: message.keyboard });
        });
    } else {
      await api.sendMessage(chatId, message.text, {
        reply_markup: message.keyboard,
        link_preview_options: { is_disabled: true },
      });
    }
    await finishNotice(db, row.id, null);
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (isPermanent(err)) {
      await finishNotice(db, row.id, `not delivered: ${reason}`.slice(0, 500));
    } else {
      const pause = RETRY_PAUSE_S[Math.min(row.attempts, RETRY_PAUSE_S.length - 1)] ?? 30;
      const nextAttemptAt = new Date(clock().getTime() + pause * 1000).toISOString();
      await retryNoticeLater(db, row.id, reason.slice(0, 500), nextAttemptAt);
      log?.warn({ err, notificationId: row.id }, 'order notification not sent; will retry');
    }
    return false;
  }
}
