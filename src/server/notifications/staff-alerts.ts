import { STAFF_ALERT_KINDS, type StaffAlertKind } from '../../common/settings-rules';
import { can, type Permission, STAFF_ROLES } from '../../common/staff-rules';
import { lowStockThreshold } from '../../common/stock-rules';
import type { Db } from '../db/connection';
import { nowIso } from '../lib/time';
import { shopSettings } from '../settings/service';
import { insertNotification } from './repository';
import * as repo from './staff-alert-repository';

/**
 * The bot's alerts for staff (docs/decisions/013; docs/product.md section 11): a new order, a new receipt, a new payout
 * request, low stock, a new kind of error on shoppers' phones (docs/decisions/045). Like the customers' order news
 * they go through the `notifications` outbox: the domain writes them
 * with the transaction of the event (so an alert exists exactly when the event committed), the bot's sender
 * (src/server/telegram/bot/notifications.ts) sends each row once. One row per staff member who wants alerts
 * (`staff.notify_telegram`), is linked to Telegram and whose role may act on the event, while the owner's switch
 * for that kind of alert (Settings, `<kind>_alerts`) is on; the sender checks the switches and the role again when
 * it sends, and writes in the member's language (users.language).
 */

export const isStaffAlertKind = (kind: string): kind is StaffAlertKind =>
  (STAFF_ALERT_KINDS as readonly string[]).includes(kind);

/** The permission a staff member's role needs to hear of each kind of event. */
export const STAFF_ALERT_PERMISSION: Record<StaffAlertKind, Permission> = {
  staff_new_order: 'orders.view',
  staff_receipt: 'orders.view',
  staff_payout_request: 'affiliates',
  staff_low_stock: 'dashboard',
  // Fulfilment sees requests too (read-only): they pack what is sent instead.
  staff_exchange_request: 'orders.view',
  // Those who may give money back or clear the flag.
  staff_payment_attention: 'orders.money',
  // Owners only: the Settings permission is theirs alone, and so is the System page the alert points at.
  staff_client_error: 'settings',
};

/** What each kind of alert carries (the sender reads the rest when it sends). */
export interface StaffAlertParams {
  staff_new_order: { orderId: number };
  staff_receipt: { orderId: number };
  staff_payout_request: { payoutId: number };
  /** The request (the message reads it when it is sent). */
  staff_exchange_request: { exchangeId: number };
  /** The order (the message reads its flag, number and total when it is sent: no card, e-mail or address). */
  staff_payment_attention: { orderId: number };
  /** The error group (client-errors/service.ts); the message reads it when it is sent. */
  staff_client_error: { groupId: number };
  /** Names and stock as they were at the event (the message says how many were left then). */
  staff_low_stock: {
    packagingId: number;
    stock: number;
    threshold: number;
    productEn: string;
    productZh: string;
    packagingEn: string;
    packagingZh: string;
  };
}

/**
 * The staff members who should hear of `kind` now (see the top of this file): nobody while the shop's switch is off.
 * `switches`: the shop's switches when the caller read the settings already in this request (placing an order).
 */
async function alertRecipients(
  db: Db,
  kind: StaffAlertKind,
  switches?: Readonly<Record<StaffAlertKind, boolean>>,
): Promise<number[]> {
  if (!(switches ?? (await shopSettings(db)).staffAlerts)[kind]) return [];
  return repo.staffAlertRecipients(
    db,
    STAFF_ROLES.filter((role) => can(role, STAFF_ALERT_PERMISSION[kind])),
  );
}

/** Writes one alert of `kind` for each of `recipients` (from `alertRecipients`). Answers how many were queued. */
async function insertStaffAlerts<K extends StaffAlertKind>(
  db: Db,
  recipients: readonly number[],
  kind: K,
  params: StaffAlertParams[K],
  now: string,
): Promise<number> {
  const orderId = 'orderId' in params ? params.orderId : null;
  const stored = orderId === null ? JSON.stringify(params) : null;
  for (const userId of recipients) {
    await insertNotification(db, { user_id: userId, order_id: orderId, kind, params: stored, created_at: now });
  }
  return recipients.length;
}

/**
 * Queues one alert of `kind` for every staff member who should hear it. Call it with the transaction of the event.
 * Answers how many were queued. `switches`: the shop's alert switches, when the caller has just read the settings.
 */
export async function enqueueStaffAlert<K extends StaffAlertKind>(
  db: Db,
  kind: K,
  params: StaffAlertParams[K],
  now: string = nowIso(),
  switches?: Readonly<Record<StaffAlertKind, boolean>>,
): Promise<number> {
  return insertStaffAlerts(db, await alertRecipients(db, kind, switches), kind, params, now);
}

/**
 * After an order took stock (`moves`: packaging id → quantity taken, in the order's transaction), alerts staff of
 * each packaging whose stock went from above its threshold to at or below it with this order (a packaging already
 * low is not reported again by every order). `lowStockDefault`: the shop's `low_stock_default` setting, which the
 * caller has already read (getShopSettings).
 */
export async function enqueueLowStockAlerts(
  db: Db,
  moves: ReadonlyMap<number, { quantity: number }>,
  lowStockDefault: number,
  now: string = nowIso(),
): Promise<void> {
  const packagings = await repo.packagingsWithStock(db, [...moves.keys()]);
  // Who hears of low stock: looked up once, and only when some packaging crossed its threshold.
  let recipients: number[] | undefined;
  for (const p of packagings) {
    const taken = moves.get(p.id)?.quantity ?? 0;
    const threshold = lowStockThreshold(p.low_stock_threshold, lowStockDefault);
    if (taken <= 0 || p.stock > threshold || p.stock + taken <= threshold) continue;
    recipients ??= await alertRecipients(db, 'staff_low_stock');
    await insertStaffAlerts(
      db,
      recipients,
      'staff_low_stock',
      {
        packagingId: p.id,
        stock: p.stock,
        threshold,
        productEn: p.product_en,
        productZh: p.product_zh,
        packagingEn: p.packaging_en,
        packagingZh: p.packaging_zh,
      },
      now,
    );
  }
}

/**
 * A scheduled backup failed (src/server/backups, docs/decisions/042): told to the owners linked to Telegram with alerts
 * on, whatever the shop's per-kind switches say (no switch turns off news that the shop's data is not being saved).
 * The backup job queues it once per failing streak.
 */
export const BACKUP_FAILED_ALERT = 'owner_backup_failed';

export async function enqueueBackupFailedAlert(
  db: Db,
  params: { error: string; at: string },
  now: string = nowIso(),
): Promise<number> {
  const recipients = await repo.staffAlertRecipients(db, ['owner']);
  for (const userId of recipients) {
    await insertNotification(db, {
      user_id: userId,
      order_id: null,
      kind: BACKUP_FAILED_ALERT,
      params: JSON.stringify(params),
      created_at: now,
    });
  }
  return recipients.length;
}
