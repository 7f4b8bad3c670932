import { z } from 'zod';
import {
  DELIVERY_FEE_MAX_CENTS,
  FREE_SHIPPING_THRESHOLD_RANGE,
  MAX_STATES_PER_COUNTRY,
  SHIPPING_COUNTRIES,
  STATE_NAME_MAX,
} from '../../shipping-rules';
import { defineAdminEndpoint } from '../endpoint';
import { cents, flag, id, json, optional, text } from '../fields';

/**
 * The back office's Shipping screen (docs/decisions/041; permission `shipping`: owner, manager): the states or
 * provinces of each country with each method's fee and whether it is offered, added, renamed, retired and restored,
 * put in order, and the free-delivery threshold. Money in cents. Each change is audited (`shipping.*`); a change that
 * changes nothing writes nothing. Every answer is the whole screen, as the shop uses it from the next request on.
 */

const country = z.enum(SHIPPING_COUNTRIES, { error: `must be one of ${SHIPPING_COUNTRIES.join(', ')}` });

/** A delivery fee in cents: 0 (free) to DELIVERY_FEE_MAX_CENTS. */
const feeCents = () =>
  cents().pipe(z.number().max(DELIVERY_FEE_MAX_CENTS, { error: `must be at most ${DELIVERY_FEE_MAX_CENTS} cents` }));

export const adminShippingState = z.object({
  id: z.number().int(),
  /** ISO 3166-2 where there is one ("PH-ABR", "CN-BJ"); unique. */
  code: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  country: z.string(),
  standard_fee_cents: z.number().int(),
  expedited_fee_cents: z.number().int(),
  standard_offered: z.boolean(),
  expedited_offered: z.boolean(),
  /** When it was retired (no longer offered for new addresses), or null while offered. */
  retired_at: z.string().nullable(),
});
export type AdminShippingState = z.infer<typeof adminShippingState>;

export const adminShippingView = z.object({
  /** Every state, retired ones too, by country (Philippines, China) in the shop's order. */
  countries: z.array(z.object({ country: z.string(), states: z.array(adminShippingState) })),
  /** Orders whose subtotal reaches this ship free; 0: never free. */
  free_shipping_threshold_cents: z.number().int(),
});
export type AdminShippingView = z.infer<typeof adminShippingView>;

export const adminShippingGet = defineAdminEndpoint({
  path: '/admin/shipping',
  permission: 'shipping',
  summary: 'Every state of each country with its fees and methods offered, and the free-delivery threshold',
  request: z.object({}),
  response: adminShippingView,
});

const names = { name_en: text(STATE_NAME_MAX), name_zh: text(STATE_NAME_MAX) };

export const adminShippingStateAdd = defineAdminEndpoint({
  path: '/admin/shipping/states/add',
  permission: 'shipping',
  summary:
    'Adds a state to a country, last in its order: a code unique in the shop (the country, a hyphen, 1-6 letters or digits), both names, each method’s fee and whether it is offered (default: offered); audited as shipping.state_add',
  request: z.object({
    country,
    code: text(20),
    ...names,
    standard_fee_cents: feeCents(),
    expedited_fee_cents: feeCents(),
    standard_offered: optional(flag()),
    expedited_offered: optional(flag()),
  }),
  response: adminShippingView,
});

export const adminShippingStateUpdate = defineAdminEndpoint({
  path: '/admin/shipping/states/update',
  permission: 'shipping',
  summary:
    'Renames a state or changes its fees and methods offered (the fields given); audited as shipping.state_update with what changed',
  request: z.object({
    state_id: id(),
    name_en: optional(text(STATE_NAME_MAX)),
    name_zh: optional(text(STATE_NAME_MAX)),
    standard_fee_cents: optional(feeCents()),
    expedited_fee_cents: optional(feeCents()),
    standard_offered: optional(flag()),
    expedited_offered: optional(flag()),
  }),
  response: adminShippingView,
});

export const adminShippingStateRetire = defineAdminEndpoint({
  path: '/admin/shipping/states/retire',
  permission: 'shipping',
  summary:
    'Retires a state: no longer offered for new addresses; saved addresses, orders and subscriptions with it keep working; audited as shipping.state_retire',
  request: z.object({ state_id: id() }),
  response: adminShippingView,
});

export const adminShippingStateRestore = defineAdminEndpoint({
  path: '/admin/shipping/states/restore',
  permission: 'shipping',
  summary: 'Offers a retired state again; audited as shipping.state_restore',
  request: z.object({ state_id: id() }),
  response: adminShippingView,
});

export const adminShippingReorder = defineAdminEndpoint({
  path: '/admin/shipping/states/reorder',
  permission: 'shipping',
  summary:
    'Puts a country’s states in a new order (all their ids, retired ones too, first to last; 409 when the list changed meanwhile); audited as shipping.reorder',
  request: z.object({
    country,
    ids: json(z.array(id(), { error: 'must be a list of ids' }).min(1).max(MAX_STATES_PER_COUNTRY)),
  }),
  response: adminShippingView,
});

export const adminShippingFreeThreshold = defineAdminEndpoint({
  path: '/admin/shipping/free-threshold',
  permission: 'shipping',
  summary: 'Sets the free-delivery threshold (cents; 0: delivery is never free); audited as shipping.free_threshold',
  request: z.object({
    free_shipping_threshold_cents: cents().pipe(
      z.number().max(FREE_SHIPPING_THRESHOLD_RANGE.max, {
        error: `must be at most ${FREE_SHIPPING_THRESHOLD_RANGE.max} cents`,
      }),
    ),
  }),
  response: adminShippingView,
});
