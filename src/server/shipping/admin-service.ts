import type { AdminShippingState, AdminShippingView } from '../../common/contract/admin/shipping';
import type { Lang } from '../../common/contract/lang';
import {
  isStateCodeOf,
  normaliseStateCode,
  offersSomeMethod,
  SHIPPING_COUNTRIES,
  type ShippingCountry,
} from '../../common/shipping-rules';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { isUniqueViolation, withRetry } from '../db/errors';
import { conflict, invalidField, notFound } from '../lib/errors';
import { nowIso } from '../lib/time';
import { lockShopSettings, shopSettings, storeSettings } from '../settings/service';
import * as repo from './repository';

/**
 * The back office's Shipping screen (owner, manager; docs/decisions/041). Each change runs in one transaction with its
 * audit entry (`shipping.*`: before and after of what changed); a change that changes nothing writes nothing. Nothing
 * is cached: the shop reads states and the threshold per request, so the very next quote or order uses them.
 */

type Row = Awaited<ReturnType<typeof repo.listAllStates>>[number];

const toState = (r: Row): AdminShippingState => ({
  id: r.id,
  code: r.code,
  name_en: r.name_en,
  name_zh: r.name_zh,
  country: r.country,
  standard_fee_cents: r.standard_fee_cents,
  expedited_fee_cents: r.expedited_fee_cents,
  standard_offered: r.standard_offered === 1,
  expedited_offered: r.expedited_offered === 1,
  retired_at: r.retired_at,
});

const nameIn = (lang: Lang, r: Pick<Row, 'name_en' | 'name_zh'>) => (lang === 'zh' ? r.name_zh : r.name_en);

/** Every state, retired ones too, by country (the shop's countries first, in their order), and the threshold. */
export async function shippingView(db: Db): Promise<AdminShippingView> {
  const [rows, settings] = await Promise.all([repo.listAllStates(db), shopSettings(db)]);
  const countries: AdminShippingView['countries'] = SHIPPING_COUNTRIES.map((country) => ({ country, states: [] }));
  for (const row of rows) {
    const group = countries.find((c) => c.country === row.country);
    if (group) group.states.push(toState(row));
    else countries.push({ country: row.country, states: [toState(row)] });
  }
  return { countries, free_shipping_threshold_cents: settings.freeShippingThresholdCents };
}

export interface NewStateInput {
  country: ShippingCountry;
  code: string;
  name_en: string;
  name_zh: string;
  standard_fee_cents: number;
  expedited_fee_cents: number;
  standard_offered?: boolean;
  expedited_offered?: boolean;
}

/** Adds a state, last in its country's order. Answers its name in `lang`. */
export async function addState(db: Db, actor: StaffActor, input: NewStateInput, lang: Lang): Promise<string> {
  const code = normaliseStateCode(input.code);
  if (!isStateCodeOf(code, input.country)) throw invalidField('code', 'shippingCodeFormat', { country: input.country });
  const standard = input.standard_offered ?? true;
  const expedited = input.expedited_offered ?? true;
  if (!offersSomeMethod({ standard, expedited })) throw invalidField('standard_offered', 'shippingNoMethod');
  const taken = () => conflict('shippingCodeTaken', { code }, 'code');
  try {
    return await withRetry(() =>
      db.transaction().execute(async (trx) => {
        await repo.lockCountry(trx, input.country);
        if (await repo.findStateByCode(trx, code)) throw taken();
        const state = {
          code,
          name_en: input.name_en,
          name_zh: input.name_zh,
          country: input.country,
          standard_fee_cents: input.standard_fee_cents,
          expedited_fee_cents: input.expedited_fee_cents,
          standard_offered: standard ? 1 : 0,
          expedited_offered: expedited ? 1 : 0,
        };
        const id = await repo.insertState(trx, { ...state, sort_order: await repo.nextSortOrder(trx) });
        await recordAudit(trx, actor, { action: 'shipping.state_add', entity: 'state', entityId: id, after: state });
        return nameIn(lang, state);
      }),
    );
  } catch (err) {
    // Two adds of one code at once: the database's unique key refuses the second.
    if (isUniqueViolation(err, 'states.code')) throw taken();
    throw err;
  }
}

export interface StateUpdate {
  name_en?: string;
  name_zh?: string;
  standard_fee_cents?: number;
  expedited_fee_cents?: number;
  standard_offered?: boolean;
  expedited_offered?: boolean;
}

const STORED_AS_FLAG = new Set<keyof StateUpdate>(['standard_offered', 'expedited_offered']);

/** Renames a state or changes its fees and methods offered. Answers how many values changed and its name. */
export async function updateState(
  db: Db,
  actor: StaffActor,
  stateId: number,
  input: StateUpdate,
  lang: Lang,
): Promise<{ changed: number; name: string }> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const row = await repo.lockState(trx, stateId);
      if (!row) throw notFound('shippingStateNotFound', 'state_id');
      const change: repo.StateChange = {};
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const key of Object.keys(input) as Array<keyof StateUpdate>) {
        const wanted = input[key];
        if (wanted === undefined) continue;
        const value = STORED_AS_FLAG.has(key) ? (wanted ? 1 : 0) : wanted;
        if (value === row[key]) continue;
        (change as Record<string, unknown>)[key] = value;
        before[key] = row[key];
        after[key] = value;
      }
      const next = { ...row, ...change };
      if (!offersSomeMethod({ standard: next.standard_offered === 1, expedited: next.expedited_offered === 1 })) {
        throw invalidField(
          input.standard_offered === false ? 'standard_offered' : 'expedited_offered',
          'shippingNoMethod',
        );
      }
      const changed = Object.keys(after).length;
      if (changed) {
        await repo.updateState(trx, row.id, change);
        await recordAudit(trx, actor, {
          action: 'shipping.state_update',
          entity: 'state',
          entityId: row.id,
          before: { code: row.code, ...before },
          after: { code: row.code, ...after },
        });
      }
      return { changed, name: nameIn(lang, next) };
    }),
  );
}

/**
 * Retires a state (`retired`: true) or offers it again. Answers whether it changed and its name. A retired state stays
 * in the table: the addresses, orders and subscriptions that have it keep working (docs/decisions/041).
 */
export async function setRetired(
  db: Db,
  actor: StaffActor,
  stateId: number,
  retired: boolean,
  lang: Lang,
): Promise<{ changed: boolean; name: string }> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const row = await repo.lockState(trx, stateId);
      if (!row) throw notFound('shippingStateNotFound', 'state_id');
      const name = nameIn(lang, row);
      if ((row.retired_at !== null) === retired) return { changed: false, name };
      const retiredAt = retired ? nowIso() : null;
      await repo.updateState(trx, row.id, { retired_at: retiredAt });
      await recordAudit(trx, actor, {
        action: retired ? 'shipping.state_retire' : 'shipping.state_restore',
        entity: 'state',
        entityId: row.id,
        before: { code: row.code, retired_at: row.retired_at },
        after: { code: row.code, retired_at: retiredAt },
      });
      return { changed: true, name };
    }),
  );
}

/**
 * Puts a country's states in the order of `ids` (every one of them, retired too; 409 at `ids` when the list changed
 * meanwhile). The country keeps the sort orders it had, given out in the new order, so the countries never mix.
 * Answers whether the order changed.
 */
export async function reorderStates(
  db: Db,
  actor: StaffActor,
  country: ShippingCountry,
  ids: readonly number[],
): Promise<boolean> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const current = await repo.lockCountry(trx, country);
      const wanted = new Set(ids);
      if (wanted.size !== ids.length || ids.length !== current.length || current.some((s) => !wanted.has(s.id))) {
        throw conflict('shippingListChanged', undefined, 'ids');
      }
      if (current.every((s, i) => ids[i] === s.id)) return false;
      const positions = current.map((s) => s.sort_order).sort((a, b) => a - b);
      // Equal sort orders (rows written by hand) would leave ties: number them on from the first instead.
      const distinct = new Set(positions).size === positions.length;
      await repo.writeOrder(trx, ids, distinct ? positions : positions.map((_, i) => positions[0]! + i));
      const codeOf = new Map(current.map((s) => [s.id, s.code]));
      await recordAudit(trx, actor, {
        action: 'shipping.reorder',
        entity: 'states',
        before: { country, order: current.map((s) => s.code) },
        after: { country, order: ids.map((id) => codeOf.get(id)) },
      });
      return true;
    }),
  );
}

/** Sets the free-delivery threshold (the `free_shipping_threshold_cents` setting). Answers whether it changed. */
export async function setFreeThreshold(db: Db, actor: StaffActor, cents: number): Promise<boolean> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      await lockShopSettings(trx);
      const current = (await shopSettings(trx)).freeShippingThresholdCents;
      if (current === cents) return false;
      await storeSettings(trx, [{ key: 'free_shipping_threshold_cents', value: String(cents) }]);
      await recordAudit(trx, actor, {
        action: 'shipping.free_threshold',
        entity: 'settings',
        before: { free_shipping_threshold_cents: current },
        after: { free_shipping_threshold_cents: cents },
      });
      return true;
    }),
  );
}
