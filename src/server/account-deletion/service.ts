import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { staffDeleteConfirmation } from '../../common/account-deletion';
import type { AccountDeletionPreview } from '../../common/contract/account-deletion';
import type { AnyMessageKey } from '../../common/i18n/admin-messages';
import type { MessageKey } from '../../common/i18n/messages';
import { confirmAccountPassword } from '../accounts/service';
import type { StaffActor } from '../audit/actor';
import { recordAudit, recordCustomerAudit } from '../audit/service';
import { forfeitReward } from '../cash-rewards/service';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { AppError, conflict, invalidField, notFound, unprocessable } from '../lib/errors';
import { nowIso } from '../lib/time';
import { enqueueAccountNotification } from '../notifications/outbox';
import { unpaidCommissionCents } from '../referral/service';
import { shopSecret } from '../settings/service';
import { inTransaction, type Shop } from '../shop';
import * as repo from './repository';

/**
 * Deleting an account (docs/decisions/050-deleting-an-account-and-retention.md): by its customer (with the password,
 * or a button the bot sends to the linked Telegram chat) or by the owner on the customer's request. One transaction,
 * after the account's row is locked: refused while an order is open; otherwise the person is erased everywhere and
 * what the books need stays under "Former customer #id". Placing an order locks the same row and refuses a deleted
 * account (orders/place-order.ts), so an order and a deletion at once end with one of them refused.
 */

/** What deleting the account would do, for the profile's dialog. */
export async function deletionPreview(db: Db, user: User): Promise<AccountDeletionPreview> {
  const [open, subscriptions, commissions] = await Promise.all([
    repo.openOrders(db, user.id),
    repo.countActiveSubscriptions(db, user.id),
    unpaidCommissionCents(db, user.id),
  ]);
  return {
    open_orders: open,
    cash_balance_cents: user.cash_balance_cents,
    unpaid_commissions_cents: commissions,
    subscriptions,
    telegram_confirm: user.telegram_user_id !== null,
  };
}

type DeletedBy = { kind: 'customer' } | { kind: 'staff'; actor: StaffActor };

/**
 * Deletes account `userId` in one transaction, then removes its uploaded files. Refuses (nothing changed) an unknown
 * or already deleted account (404), a staff member's (409), and one with open orders (409, naming them).
 */
export async function deleteAccount(shop: Shop, userId: number, by: DeletedBy): Promise<void> {
  const files = await inTransaction(shop, async (tx) => {
    const trx = tx.db;
    const user = await repo.lockAccount(trx, userId);
    if (!user) throw notFound('customerNotFound', 'id');
    if (user.deleted_at !== null) throw conflict('accountAlreadyDeleted');
    if (user.staff_role) throw conflict('accountDeleteStaff');
    const open = await repo.openOrders(trx, userId);
    if (open.length) {
      const key: MessageKey = by.kind === 'customer' ? 'accountHasOpenOrders' : 'customerHasOpenOrders';
      throw conflict(key, { orders: open.map((o) => o.order_no).join(', ') });
    }
    const at = nowIso();
    const texts = await repo.personalTexts(trx, userId);
    const uploads = await repo.uploadedFiles(trx, userId);
    const forfeited = await forfeitReward(trx, userId);
    // An agent's unpaid commissions stay as rows, never paid (docs/decisions/050): the log says how much.
    const commissions = await unpaidCommissionCents(trx, userId);
    await repo.eraseOrders(trx, userId, texts, at);
    await repo.eraseAccountData(trx, userId, user.email, at);
    await repo.anonymizeAccount(trx, userId, at);
    // What the log keeps: who, and the figures the books care about; no personal data.
    const entry = {
      action: 'customer.delete',
      entity: 'customer',
      entityId: userId,
      after: { deleted: true, cash_reward_forfeited_cents: forfeited, commissions_forfeited_cents: commissions },
    };
    if (by.kind === 'customer') await recordCustomerAudit(trx, userId, entry, at);
    else await recordAudit(trx, by.actor, entry, at);
    return uploads;
  });
  // After commit (files/store.ts: never inside a transaction): a file that cannot be removed is logged, not retried
  // here; its reference is gone, so nothing serves it.
  for (const key of files) {
    await shop.files.remove(key).catch((err: unknown) => {
      shop.log?.error({ err, user_id: userId }, 'account deletion: removing an uploaded file failed');
    });
  }
  shop.log?.info({ user_id: userId, by: by.kind, files: files.length }, 'account deleted');
}

/**
 * The customer's own deletion: with the password (checked and counted like every sensitive change), or, for an account
 * linked to Telegram, by a confirmation the bot asks for. Open orders are refused before anything is asked.
 */
export async function deleteOwnAccount(
  shop: Shop,
  user: User,
  input: { password?: string; confirm_via?: 'telegram' },
): Promise<{ deleted: boolean; confirm_sent: boolean }> {
  const open = await repo.openOrders(shop.db, user.id);
  if (open.length) throw conflict('accountHasOpenOrders', { orders: open.map((o) => o.order_no).join(', ') });
  if (input.confirm_via === 'telegram') {
    if (!user.telegram_user_id) throw unprocessable('accountDeleteNoTelegram');
    const data = await confirmationData(shop.db, user.id);
    await enqueueAccountNotification(shop.db, {
      userId: user.id,
      kind: 'delete_account_confirm',
      params: { data },
    });
    return { deleted: false, confirm_sent: true };
  }
  await confirmAccountPassword(shop.db, user, input.password, { wrongKey: 'accountDeletePasswordWrong' });
  await deleteAccount(shop, user.id, { kind: 'customer' });
  return { deleted: true, confirm_sent: false };
}

/** The owner's deletion on the customer's request: the customer's number typed as confirmation, then the same rules. */
export async function deleteCustomerByStaff(
  shop: Shop,
  actor: StaffActor,
  input: { id: number; confirm?: string },
): Promise<void> {
  if ((input.confirm ?? '').trim() !== staffDeleteConfirmation(input.id)) {
    throw invalidField('confirm', 'customerDeleteConfirm', { id: input.id });
  }
  await deleteAccount(shop, input.id, { kind: 'staff', actor });
}

// ---------------------------------------------------------------------------
// The bot's confirmation button: `dac:<id>:<expiry>:<signature>`, signed with the shop's own key, so nothing is stored
// and only this shop's bot message can carry it; the bot checks who pressed it against the account's link.
// ---------------------------------------------------------------------------

/** How long the bot's button works. */
export const TELEGRAM_CONFIRM_MINUTES = 15;
export const DELETE_CONFIRM_DATA = /^dac:(\d{1,10}):([0-9a-z]{1,10}):([A-Za-z0-9_-]{22})$/;

const confirmKey = (db: Db) => shopSecret(db, 'delete_confirm_secret', () => randomBytes(32).toString('base64url'));
const sign = (key: string, id: string, exp: string) =>
  createHmac('sha256', key).update(`delete-account:${id}:${exp}`).digest('base64url').slice(0, 22);

async function confirmationData(db: Db, userId: number, nowMs = Date.now()): Promise<string> {
  const exp = Math.floor((nowMs + TELEGRAM_CONFIRM_MINUTES * 60_000) / 1000).toString(36);
  return `dac:${userId}:${exp}:${sign(await confirmKey(db), String(userId), exp)}`;
}

export type TelegramConfirmOutcome = 'deleted' | 'expired' | 'not_yours' | 'gone' | { refused: AnyMessageKey };

/**
 * The bot's "Delete my account" pressed: deletes the account when the button is this shop's, still valid, and pressed
 * by the Telegram user the account is linked to. Refusals of the deletion itself (open orders) are answered with
 * their message.
 */
export async function confirmFromTelegram(
  shop: Shop,
  data: string,
  telegramUserId: string,
  nowMs = Date.now(),
): Promise<{ outcome: TelegramConfirmOutcome; orders?: string }> {
  const match = DELETE_CONFIRM_DATA.exec(data);
  if (!match) return { outcome: 'expired' };
  const [, id, exp, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(await confirmKey(shop.db), id, exp));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { outcome: 'expired' };
  if (Number.parseInt(exp, 36) * 1000 <= nowMs) return { outcome: 'expired' };
  const userId = Number(id);
  const owner = await repo.findAccount(shop.db, userId);
  if (!owner || owner.deleted_at !== null) return { outcome: 'gone' };
  if (owner.telegram_user_id !== telegramUserId) return { outcome: 'not_yours' };
  try {
    await deleteAccount(shop, userId, { kind: 'customer' });
    return { outcome: 'deleted' };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const orders = err.params.orders;
    return { outcome: { refused: err.key }, ...(orders ? { orders: String(orders) } : {}) };
  }
}
