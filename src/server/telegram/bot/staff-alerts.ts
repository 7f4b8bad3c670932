import { InlineKeyboard } from 'grammy';
import type { Lang } from '../../../common/contract/lang';
import { formatCents } from '../../../common/money';
import { ORDER_ACTION_PERMISSION, type PaymentAttention, stateAllows } from '../../../common/order-workflow';
import { packagingName } from '../../../common/packaging-name';
import type { StaffAlertKind } from '../../../common/settings-rules';
import { can, isStaffRole, type StaffRole } from '../../../common/staff-rules';
import { errorGroup } from '../../client-errors/service';
import type { Db } from '../../db/connection';
import { exchangeRequest } from '../../exchanges/service';
import type { FileStore } from '../../files/store';
import { STAFF_ALERT_PERMISSION, type StaffAlertParams } from '../../notifications/staff-alerts';
import { actionState } from '../../orders/admin-service';
import { receiptBytes } from '../../orders/receipts';
import { shopSettings } from '../../settings/service';
import { markup, type ShopLinks } from './links';
import { botText, statusText } from './locales';
import { payoutAlert, staffOrderAlert } from './repository';

/**
 * The messages of the staff alerts (src/server/notifications/staff-alerts.ts), built when the sender sends them:
 * the order, payout or stock as it is then, in the member's language, with the buttons their role may use. A new
 * receipt comes as a photo (its bytes from the file store) with "Confirm payment" (a callback the bot handles in bot.ts)
 * and "Open order" (the back office's order page as a Mini App).
 */

/** The callback data of "Confirm payment": only the order id; the bot trusts nothing else in it. */
export const confirmPaymentData = (orderId: number) => `staff:pay:${orderId}`;
export const CONFIRM_PAYMENT_DATA = /^staff:pay:(\d{1,15})$/;

/** The back office's addresses (under PUBLIC_URL, opened as a Mini App over https). */
export const adminUrls = (links: ShopLinks) => ({
  home: () => links.url('/admin'),
  order: (orderNo: string) => links.url(`/admin/orders/${encodeURIComponent(orderNo)}`),
  affiliates: () => links.url('/admin/affiliates'),
  exchanges: () => links.url('/admin/exchanges'),
});

/** Why a payment needs a person, as the bot says it. */
const PAYMENT_ATTENTION_TEXT = {
  amount_mismatch: 'attentionAmountMismatch',
  dispute: 'attentionDispute',
  paid_after_cancel: 'attentionPaidAfterCancel',
  refund_failed: 'attentionRefundFailed',
} as const satisfies Record<PaymentAttention, string>;

export type StaffAlertMessage = { text: string; keyboard?: InlineKeyboard; photo?: Uint8Array } | { skip: string };

/** One row of the outbox, as the sender reads it. */
export interface StaffAlertRow {
  kind: StaffAlertKind;
  order_id: number | null;
  params: string | null;
  staff_role: string | null;
  staff_notify: number | null;
}

/** A Telegram photo caption holds 1024 characters, a message 4096: a long order's item list is cut. */
const MAX_ITEMS = 6;
const CAPTION_LIMIT = 1024;

type AlertOrder = NonNullable<Awaited<ReturnType<typeof staffOrderAlert>>>;

function itemsSummary(lang: Lang, order: AlertOrder): string {
  const lines = order.items.map((i) => packagingName(i, lang, i.quantity));
  const shown = lines.slice(0, MAX_ITEMS);
  if (lines.length > MAX_ITEMS) shown.push(botText(lang, 'staffMoreItems', { count: lines.length - MAX_ITEMS }));
  return shown.join(lang === 'zh' ? '，' : ', ');
}

function parsed<K extends StaffAlertKind>(raw: string | null): Partial<StaffAlertParams[K]> {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as Partial<StaffAlertParams[K]>) : {};
  } catch {
    return {};
  }
}

const fits = (text: string, limit: number) => (text.length <= limit ? text : `${text.slice(0, limit - 1)}…`);

/** Why a staff alert is not sent (any more), or null: the member left the staff, switched alerts off, or lost the role. */
export function staffAlertSkip(row: StaffAlertRow): string | null {
  if (!isStaffRole(row.staff_role)) return 'skipped: no longer on the staff';
  if (row.staff_notify !== 1) return 'skipped: staff alerts turned off';
  if (!can(row.staff_role, STAFF_ALERT_PERMISSION[row.kind])) return 'skipped: the role no longer covers it';
  return null;
}

async function orderMessage(
  db: Db,
  files: FileStore | undefined,
  lang: Lang,
  role: StaffRole,
  row: StaffAlertRow,
  links: ShopLinks,
): Promise<StaffAlertMessage> {
  const order = row.order_id === null ? undefined : await staffOrderAlert(db, row.order_id);
  if (!order) return { skip: 'skipped: order no longer exists' };
  const state = actionState(order);
  const hasReceipt = state.has_receipt;
  const method = (lang === 'zh' ? order.method_zh : order.method_en) ?? order.payment_method;
  const lines = [
    botText(lang, row.kind === 'staff_receipt' ? 'staffReceipt' : 'staffNewOrder', { orderNo: order.order_no }),
    botText(lang, 'staffCustomer', { customer: `${order.receiver_name} (${order.email})` }),
    botText(lang, 'staffTotal', { total: formatCents(order.total_cents) }),
    botText(lang, 'staffPayment', { method }),
  ];
  if (order.payment_reference) lines.push(botText(lang, 'staffReference', { reference: order.payment_reference }));
  lines.push(botText(lang, 'staffStatus', { status: statusText(lang, order.status) }));
  const confirmable =
    hasReceipt && can(role, ORDER_ACTION_PERMISSION.confirm_payment) && stateAllows('confirm_payment', state);
  if (confirmable) lines.push(botText(lang, 'staffCheckReceipt'));
  const items = itemsSummary(lang, order);
  if (items) lines.push(botText(lang, 'staffItems', { items }));

  const keyboard = new InlineKeyboard();
  if (confirmable) keyboard.text(botText(lang, 'confirmPayment'), confirmPaymentData(order.id)).row();
  links.addButton(keyboard, botText(lang, 'openOrder'), adminUrls(links).order(order.order_no));

  // The receipt's photo: with a new receipt, and with a new order that came with one.
  // Read from the file store (not a path: the file may be on another instance's disk, in the database or a bucket);
  // a receipt no longer stored is told as text.
  const photo = hasReceipt && order.receipt_path && files ? await receiptBytes(files, order.receipt_path) : null;
  if (photo) {
    return { text: fits(lines.join('\n'), CAPTION_LIMIT), keyboard: markup(keyboard), photo };
  }
  return { text: fits(lines.join('\n'), 4096), keyboard: markup(keyboard) };
}

/**
 * An order's payment needs a person (docs/decisions/040): its number, total and why, as the order is when sent — no
 * card, e-mail or address — with "Open order". A flag cleared meanwhile is not sent.
 */
async function paymentAttentionMessage(
  db: Db,
  lang: Lang,
  row: StaffAlertRow,
  links: ShopLinks,
): Promise<StaffAlertMessage> {
  const order = row.order_id === null ? undefined : await staffOrderAlert(db, row.order_id);
  if (!order) return { skip: 'skipped: order no longer exists' };
  if (!order.payment_attention) return { skip: 'skipped: already handled' };
  const keyboard = links.addButton(
    new InlineKeyboard(),
    botText(lang, 'openOrder'),
    adminUrls(links).order(order.order_no),
  );
  const text = botText(lang, 'staffPaymentAttention', {
    orderNo: order.order_no,
    total: formatCents(order.total_cents),
    reason: botText(lang, PAYMENT_ATTENTION_TEXT[order.payment_attention]),
  });
  return { text, keyboard: markup(keyboard) };
}

/** The message of one staff alert for a member with `role`, in `lang`. */
export async function staffAlertMessage(
  db: Db,
  /** Where the receipt's photo is read; without it a receipt alert goes as text. */
  files: FileStore | undefined,
  lang: Lang,
  row: StaffAlertRow,
  links: ShopLinks,
): Promise<StaffAlertMessage> {
  const skip = staffAlertSkip(row);
  if (skip) return { skip };
  if (!(await shopSettings(db)).staffAlerts[row.kind]) {
    return { skip: 'skipped: switched off for the shop in Settings' };
  }
  const role = row.staff_role as StaffRole;
  switch (row.kind) {
    case 'staff_new_order':
    case 'staff_receipt':
      return orderMessage(db, files, lang, role, row, links);
    case 'staff_payout_request': {
      const { payoutId } = parsed<'staff_payout_request'>(row.params);
      const payout = typeof payoutId === 'number' ? await payoutAlert(db, payoutId) : undefined;
      if (!payout) return { skip: 'skipped: payout request no longer exists' };
      const keyboard = links.addButton(
        new InlineKeyboard(),
        botText(lang, 'openAffiliates'),
        adminUrls(links).affiliates(),
      );
      return {
        text: botText(lang, 'staffPayoutRequest', {
          agent: `${payout.nickname} (${payout.email})`,
          amount: formatCents(payout.amount_cents),
        }),
        keyboard: markup(keyboard),
      };
    }
    case 'staff_exchange_request': {
      const { exchangeId } = parsed<'staff_exchange_request'>(row.params);
      const request = typeof exchangeId === 'number' ? await exchangeRequest(db, exchangeId) : undefined;
      if (!request) return { skip: 'skipped: exchange request no longer exists' };
      const keyboard = links.addButton(
        new InlineKeyboard(),
        botText(lang, 'openExchanges'),
        adminUrls(links).exchanges(),
      );
      const item = packagingName(request, lang, request.quantity);
      return {
        text: fits(botText(lang, 'staffExchangeRequest', { orderNo: request.order_no, item }), 4096),
        keyboard: markup(keyboard),
      };
    }
    case 'staff_payment_attention':
      return paymentAttentionMessage(db, lang, row, links);
    case 'staff_client_error': {
      const { groupId } = parsed<'staff_client_error'>(row.params);
      const group = typeof groupId === 'number' ? await errorGroup(db, groupId) : undefined;
      if (!group) return { skip: 'skipped: error group no longer exists' };
      const keyboard = links.addButton(new InlineKeyboard(), botText(lang, 'openDashboard'), adminUrls(links).home());
      const text = botText(lang, 'staffClientError', {
        kind: group.kind,
        message: group.message,
        where: group.top_frame ?? '—',
        route: group.route ?? '—',
        platform: [group.platform ?? 'browser', group.platform_version].filter(Boolean).join(' '),
      });
      return { text: fits(text, 4096), keyboard: markup(keyboard) };
    }
    case 'staff_low_stock': {
      const p = parsed<'staff_low_stock'>(row.params);
      if (typeof p.stock !== 'number') return { skip: 'skipped: no stock in the alert' };
      const keyboard = links.addButton(new InlineKeyboard(), botText(lang, 'openDashboard'), adminUrls(links).home());
      return {
        text: botText(lang, 'staffLowStock', {
          product: (lang === 'zh' ? p.productZh : p.productEn) ?? '',
          packaging: (lang === 'zh' ? p.packagingZh : p.packagingEn) ?? '',
          stock: p.stock,
        }),
        keyboard: markup(keyboard),
      };
    }
  }
}

/**
 * A failed scheduled backup, for an owner (notifications/staff-alerts.ts `enqueueBackupFailedAlert`): sent while the
 * member is still an owner with alerts on; the Settings switches do not apply (docs/decisions/042).
 */
export function backupFailedMessage(
  lang: Lang,
  row: Pick<StaffAlertRow, 'params' | 'staff_role' | 'staff_notify'>,
  links: ShopLinks,
): StaffAlertMessage {
  if (row.staff_role !== 'owner') return { skip: 'skipped: no longer an owner' };
  if (row.staff_notify !== 1) return { skip: 'skipped: staff alerts turned off' };
  let p: { error?: string; at?: string } = {};
  try {
    p = row.params ? (JSON.parse(row.params) as typeof p) : {};
  } catch {
    // a row written by hand: the message says what it can
  }
  const keyboard = links.addButton(new InlineKeyboard(), botText(lang, 'openDashboard'), adminUrls(links).home());
  return {
    text: fits(
      botText(lang, 'ownerBackupFailed', { at: (p.at ?? '').slice(0, 16).replace('T', ' '), error: p.error ?? '-' }),
      4096,
    ),
    keyboard: markup(keyboard),
  };
}
