import { deliveryFeeCents, type ShippingMethod } from '../../common/checkout-rules';
import type { Lang } from '../../common/contract/lang';
import { methodOffered } from '../../common/shipping-rules';
import { type CartInput, priceCart, requireItems } from '../cart/service';
import type { Db } from '../db/connection';
import { invalidField } from '../lib/errors';
import { shopSettings } from '../settings/service';
import * as repo from './repository';

/**
 * The shop's delivery states as the shop and the other domains use them (docs/decisions/041): the list offered for new
 * addresses, one state (retired or not: addresses, orders and subscriptions keep theirs), the fee of a cart, and the
 * refusals of a retired state for a new address and of a method the state is not offered.
 */

type State = NonNullable<Awaited<ReturnType<typeof repo.findState>>>;
const nameIn = (lang: Lang, state: Pick<State, 'name_en' | 'name_zh'>) =>
  lang === 'zh' ? state.name_zh : state.name_en;

/**
 * A state deliveries go to (with its fees, methods offered and country), retired or not, or undefined when there is
 * none of that id. For the addresses' checks and the checkout's quote.
 */
export const shippingState = (db: Db, stateId: number) => repo.findState(db, stateId);

/**
 * Saving an address: the state it names, which must be offered for new addresses unless the address already had it
 * (`keptStateId`: an address whose state was retired stays editable). 422 at `state_id` otherwise.
 */
export async function addressState(db: Db, stateId: number, lang: Lang, keptStateId?: number) {
  const state = await repo.findState(db, stateId);
  if (!state) throw invalidField('state_id', 'selectShippingState');
  if (state.retired_at !== null && state.id !== keptStateId) {
    throw invalidField('state_id', 'stateRetired', { state: nameIn(lang, state) });
  }
  return state;
}

type StateMethods = Parameters<typeof methodOffered>[0] & Pick<State, 'name_en' | 'name_zh'>;

/** Why `method` cannot be chosen for this state (for the checkout summary's problems), or null when it is offered. */
export function methodProblem(
  state: StateMethods,
  method: ShippingMethod,
  lang: Lang,
): { key: 'standardNotOffered' | 'expeditedNotOffered'; params: { state: string } } | null {
  if (methodOffered(state, method)) return null;
  return {
    key: method === 'expedited' ? 'expeditedNotOffered' : 'standardNotOffered',
    params: { state: nameIn(lang, state) },
  };
}

/**
 * Placing an order, changing its address or a subscription's: 422 at `field` when the state is not offered `method`
 * (the customer is told which one to choose). A retired state still delivers (docs/decisions/041).
 */
export function requireMethodOffered(
  state: StateMethods,
  method: ShippingMethod,
  lang: Lang,
  field = 'shipping_method',
) {
  const problem = methodProblem(state, method, lang);
  if (problem) throw invalidField(field, problem.key, problem.params);
}

/** The address form's states (not retired; optionally of one country) and the free-delivery threshold. */
export async function getStates(db: Db, lang: Lang, country?: string) {
  const [rows, settings] = await Promise.all([repo.listOfferedStates(db, lang, country), shopSettings(db)]);
  const states = rows.map(({ standard_offered: _s, expedited_offered: _e, ...state }) => state);
  return { states, free_shipping_threshold_cents: settings.freeShippingThresholdCents };
}

/** The delivery fee of a cart to a state by a method, and whether the state is offered that method. */
export async function getShippingFee(
  db: Db,
  input: { stateId?: number; method?: ShippingMethod; items?: CartInput[] },
) {
  if (input.stateId === undefined) throw invalidField('state_id', 'selectShippingState');
  const state = await repo.findState(db, input.stateId);
  if (!state) throw invalidField('state_id', 'selectShippingState');
  const items = requireItems(input.items);
  const method = input.method ?? 'standard';
  const [cart, settings] = await Promise.all([priceCart(db, items), shopSettings(db)]);
  const fee = deliveryFeeCents(state, method, cart.subtotalCents, settings.freeShippingThresholdCents);
  return {
    fee_cents: fee,
    subtotal_cents: cart.subtotalCents,
    free_shipping_threshold_cents: settings.freeShippingThresholdCents,
    is_free: fee === 0,
    method,
    offered: methodOffered(state, method),
  };
}
