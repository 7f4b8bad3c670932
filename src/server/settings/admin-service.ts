import type { AdminSettingsValues, AdminSettingsView } from '../../common/contract/admin/settings';
import { STAFF_ALERT_KINDS, type StaffAlertSetting, staffAlertSetting } from '../../common/settings-rules';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { cardPaymentsStatus } from '../payments/card-notices';
import type { PaymentProvider } from '../payments/provider';
import * as repo from './admin-repository';
import { getShopSettings, type ShopSettings, type UnpaidHoursConfig } from './repository';
import { unpaidHoursOf } from './service';

/**
 * The back office's Settings (owner; docs/decisions/015). Each save runs in one transaction with its audit entry
 * (`settings.update`: before and after of what changed only); a save that changes nothing writes nothing. Nothing
 * here is cached: the shop reads settings per request (settings/repository.ts), so the very next quote, order or
 * checkout on any instance uses them. Delivery fees and the free-delivery threshold are the Shipping screen's
 * (shipping/admin-service.ts, docs/decisions/041).
 */

/** The settings as the shop uses them now, by their keys (an unset one shows the value that applies). */
function settingsValues(s: ShopSettings, config: UnpaidHoursConfig): AdminSettingsValues {
  return {
    cash_reward_percent: s.cashRewardPercent,
    referral_award_cents: s.referralAwardCents,
    unpaid_order_hours: unpaidHoursOf(s, config),
    low_stock_default: s.lowStockDefault,
    exchange_days: s.exchangeDays,
    abandoned_cart_hours: s.abandonedCartHours,
    ...s.bank,
    ...s.marketing,
    ...(Object.fromEntries(STAFF_ALERT_KINDS.map((kind) => [staffAlertSetting(kind), s.staffAlerts[kind]])) as Pick<
      AdminSettingsValues,
      StaffAlertSetting
    >),
  };
}

/** The Settings screen: the settings as the shop uses them, and card payments' status. */
export async function settingsView(
  db: Db,
  config: UnpaidHoursConfig,
  cardProvider: PaymentProvider | null = null,
): Promise<AdminSettingsView> {
  const [settings, cardPayments] = await Promise.all([getShopSettings(db), cardPaymentsStatus(db, cardProvider)]);
  return {
    settings: settingsValues(settings, config),
    unpaid_order_hours_set: settings.unpaidOrderHours !== null,
    unpaid_order_hours_default: config.UNPAID_ORDER_HOURS,
    card_payments: cardPayments,
  };
}

/** How a value is stored in the `settings` table (switches as '1'/'0'). */
const stored = (value: number | string | boolean): string =>
  typeof value === 'boolean' ? (value ? '1' : '0') : String(value);

/**
 * Saves the settings given (the contract has checked each one's range and trimmed the bank fields). Answers how many
 * were written; 0 writes nothing and no audit entry. The audit entry has the values that changed. Unpaid-order hours
 * given while unset are stored even when equal to UNPAID_ORDER_HOURS (then without an audit entry, as the hours that
 * apply are the same): from then on the owner's number applies whatever the server's setting becomes.
 */
export async function updateSettings(
  db: Db,
  actor: StaffActor,
  config: UnpaidHoursConfig,
  input: Partial<AdminSettingsValues>,
): Promise<number> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      await repo.lockSettings(trx);
      const settings = await getShopSettings(trx);
      const current = settingsValues(settings, config);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const writes: Array<{ key: string; value: string }> = [];
      for (const key of Object.keys(current) as Array<keyof AdminSettingsValues>) {
        const wanted = input[key];
        if (wanted === undefined) continue;
        const changed = wanted !== current[key];
        // Given while unset: stored even when equal to the server's, so the owner's number applies from now on.
        const pinsHours = key === 'unpaid_order_hours' && settings.unpaidOrderHours === null;
        if (!changed && !pinsHours) continue;
        writes.push({ key, value: stored(wanted) });
        if (changed) {
          before[key] = current[key];
          after[key] = wanted;
        }
      }
      if (writes.length === 0) return 0;
      await repo.writeSettings(trx, writes);
      if (Object.keys(after).length > 0) {
        await recordAudit(trx, actor, { action: 'settings.update', entity: 'settings', before, after });
      }
      return writes.length;
    }),
  );
}
