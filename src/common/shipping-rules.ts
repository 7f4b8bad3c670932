import type { ShippingMethod } from './checkout-rules';

/**
 * The shop's delivery zones (docs/decisions/041): the states or provinces of each country it ships to, each with a
 * fee per method, whether each method is offered there, and whether the state is retired (kept for the addresses and
 * orders that have it, not offered for new addresses). Zod-free, so the back office's Shipping screen and the server
 * read the same limits and checks without the contract's schemas in the screen's chunk.
 */

/** The countries the shop ships to (ISO 3166-1 alpha-2), in the order the shop lists them. */
export const SHIPPING_COUNTRIES = ['PH', 'CN'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

export const isShippingCountry = (value: unknown): value is ShippingCountry =>
  typeof value === 'string' && (SHIPPING_COUNTRIES as readonly string[]).includes(value);

/** A state's delivery fee per method: 0 (free) up to $1,000. */
export const DELIVERY_FEE_MAX_CENTS = 100_000;

/** The free-delivery threshold: 0 means delivery is never free; up to $100,000. */
export const FREE_SHIPPING_THRESHOLD_RANGE = { min: 0, max: 10_000_000 } as const;

/** The longest name of a state, in either language. */
export const STATE_NAME_MAX = 80;

/** At most this many states per country (the Philippines has 82 provinces and Metro Manila). */
export const MAX_STATES_PER_COUNTRY = 300;

/**
 * A state's code as staff type it, made canonical: trimmed and upper-case ("ph-aby " → "PH-ABY"). ISO 3166-2 codes
 * are the country, a hyphen, and one to three letters or digits; up to six are allowed for a shop's own zones.
 */
export const normaliseStateCode = (code: string): string => code.trim().toUpperCase();

/** Whether `code` (canonical) is a state code of `country`: "PH-ABY" for the Philippines. */
export const isStateCodeOf = (code: string, country: ShippingCountry): boolean =>
  new RegExp(`^${country}-[A-Z0-9]{1,6}$`).test(code);

/** What the shop keeps per state about its methods (1 = offered). */
export interface MethodsOffered {
  standard_offered: number;
  expedited_offered: number;
}

/** Whether checkout offers `method` to an address in this state. */
export const methodOffered = (state: MethodsOffered, method: ShippingMethod): boolean =>
  (method === 'expedited' ? state.expedited_offered : state.standard_offered) === 1;

/** A state must offer at least one method, else nothing could be delivered there: retire it instead. */
export const offersSomeMethod = (flags: { standard: boolean; expedited: boolean }): boolean =>
  flags.standard || flags.expedited;
