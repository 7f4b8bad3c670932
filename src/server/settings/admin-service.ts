import type { AdminSettingsValues, AdminSettingsView } from '../../common/contract/admin/settings';
import { STAFF_ALERT_KINDS, type StaffAlertSetting, staffAlertSetting } from '../../common/settings-rules';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { invalidField, notFound } from '../lib/errors';
import { cardPaymentsStatus } from '../payments/card-notices';
import type { PaymentProvider } from '../payments/provider';
import * as repo from './admin-repository';
import { getShopSettings, type ShopSettings, type UnpaidHoursConfig } from './repository';
import { unpaidHoursOf } from './service';

/**
 * The back office's Settings (owner; docs/decisions/015). Each save runs in one transaction with its audit entry
 * (`settings.update`, `settings.delivery_fees`: before and after of what changed only); a save that changes nothing
 * writes nothing. Nothing here is cached: the shop reads settings and fees per request (settings/repository.ts), so
 * the very next quote, order or checkout on any instance uses them.
 */

/** The settings as the shop uses them now, by their keys (an unset one shows the value that applies). */
function settingsValues(s: ShopSettings, config: UnpaidHoursConfig): AdminSettingsValues {
  return {
    free_shipping_threshold_cents: s.freeShippingThresholdCents,
    cash_reward_percent: s.cashRewardPercent,
    referral_award_cents: s.referralAwardCents,
    unpaid_order_hours: unpaidHoursOf(s, config),
    low_stock_default: s.lowStockDefault,
    exchange_days: s.exchangeDays,
    ...s.bank,
    ...(Object.fromEntries(STAFF_ALERT_KINDS.map((kind) => [staffAlertSetting(kind), s.staffAlerts[kind]])) as Pick<
      AdminSettingsValues,
      StaffAlertSetting
    >),
  };
}

/** The Settings screen: the settings and every state's fees, grouped by country in the shop's order. */
export async function settingsView(
  db: Db,
  config: UnpaidHoursConfig,
  cardProvider: PaymentProvider | null = null,
): Promise<AdminSettingsView> {
  const [settings, states, cardPayments] = await Promise.all([
    getShopSettings(db),
    repo.listStateFees(db),
    cardPaymentsStatus(db, cardProvider),
  ]);
  const countries: AdminSettingsView['countries'] = [];
  for (const { country, ...state } of states) {
    const group = countries.find((c) => c.country === country);
    if (group) group.states.push(state);
    else countries.push({ country, states: [state] });
  }
  return {
    settings: settingsValues(settings, config),
    unpaid_order_hours_set: settings.unpaidOrderHours !== null,
    unpaid_order_hours_default: config.UNPAID_ORDER_HOURS,
    countries,
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

export interface FeeChange {
  state_id: number;
  standard_fee_cents?: number;
  expedited_fee_cents?: number;
}

const FEE_METHODS = ['standard_fee_cents', 'expedited_fee_cents'] as const;

/**
 * Changes states' delivery fees, all or none (a state named twice or unknown refuses the whole list, naming the
 * row). Answers how many fees changed; 0 writes nothing and no audit entry. The audit entry names each changed fee
 * as `<state code> <standard|expedited>_fee_cents`.
 */
export async function updateDeliveryFees(db: Db, actor: StaffActor, rows: readonly FeeChange[]): Promise<number> {
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    if (seen.has(row.state_id)) throw invalidField(`fees.${i}.state_id`, 'settingsStateTwice');
    seen.add(row.state_id);
  });
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const states = new Map((await repo.lockStateFees(trx, [...seen])).map((s) => [s.id, s]));
      const before: Record<string, number> = {};
      const after: Record<string, number> = {};
      const updates: Array<{ id: number; fees: Partial<Record<(typeof FEE_METHODS)[number], number>> }> = [];
      rows.forEach((row, i) => {
        const state = states.get(row.state_id);
        if (!state) throw notFound('settingsStateNotFound', `fees.${i}.state_id`);
        const fees: Partial<Record<(typeof FEE_METHODS)[number], number>> = {};
        for (const method of FEE_METHODS) {
          const wanted = row[method];
          if (wanted === undefined || wanted === state[method]) continue;
          fees[method] = wanted;
          before[`${state.code} ${method}`] = state[method];
          after[`${state.code} ${method}`] = wanted;
        }
        if (Object.keys(fees).length) updates.push({ id: state.id, fees });
      });
      if (updates.length === 0) return 0;
      for (const u of updates) await repo.setStateFees(trx, u.id, u.fees);
      await recordAudit(trx, actor, { action: 'settings.delivery_fees', entity: 'states', before, after });
      return Object.keys(after).length;
    }),
  );
}
