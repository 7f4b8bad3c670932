import type { AdminShippingState } from '@common/contract/admin/shipping';
import { centsToDecimal, parseDollarsToCents } from '@common/money';
import {
  DELIVERY_FEE_MAX_CENTS,
  FREE_SHIPPING_THRESHOLD_RANGE,
  isStateCodeOf,
  normaliseStateCode,
  offersSomeMethod,
  type ShippingCountry,
  STATE_NAME_MAX,
} from '@common/shipping-rules';

/**
 * The Shipping screen's forms: what staff type (fees in dollars, as text) read back into what the server takes (cents,
 * trimmed names, a canonical code), with the shared rules of src/common/shipping-rules.ts checked first.
 */

export const FEE_FIELDS = ['standard_fee_cents', 'expedited_fee_cents'] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
export const OFFERED_FIELDS = ['standard_offered', 'expedited_offered'] as const;

export interface StateForm {
  code: string;
  name_en: string;
  name_zh: string;
  standard_fee_cents: string;
  expedited_fee_cents: string;
  standard_offered: boolean;
  expedited_offered: boolean;
}
export type StateField = keyof StateForm;

export const emptyStateForm = (): StateForm => ({
  code: '',
  name_en: '',
  name_zh: '',
  standard_fee_cents: '',
  expedited_fee_cents: '',
  standard_offered: true,
  expedited_offered: true,
});

export const formOf = (s: AdminShippingState): StateForm => ({
  code: s.code,
  name_en: s.name_en,
  name_zh: s.name_zh,
  standard_fee_cents: centsToDecimal(s.standard_fee_cents),
  expedited_fee_cents: centsToDecimal(s.expedited_fee_cents),
  standard_offered: s.standard_offered,
  expedited_offered: s.expedited_offered,
});

/** Why a typed value is refused; the screen words it (locales `invalid.*`). */
export type Problem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'code'; country: ShippingCountry }
  | { kind: 'dollars'; max: number }
  | { kind: 'noMethod' };

export interface StateValues {
  code: string;
  name_en: string;
  name_zh: string;
  standard_fee_cents: number;
  expedited_fee_cents: number;
  standard_offered: boolean;
  expedited_offered: boolean;
}

/** Dollars typed → cents from 0 to `max`, or null. */
export function readDollars(text: string, max: number): number | null {
  const cents = parseDollarsToCents(text);
  return cents !== null && cents <= max ? cents : null;
}

/** A state's form read (the code only when adding, to `country`): the values, or the problems by field. */
export function readStateForm(
  form: StateForm,
  country: ShippingCountry,
  withCode: boolean,
): { values: StateValues; problems: Partial<Record<StateField, Problem>> } {
  const problems: Partial<Record<StateField, Problem>> = {};
  const code = normaliseStateCode(form.code);
  if (withCode && !isStateCodeOf(code, country)) problems.code = { kind: 'code', country };
  for (const key of ['name_en', 'name_zh'] as const) {
    const name = form[key].trim();
    if (!name) problems[key] = { kind: 'required' };
    else if (name.length > STATE_NAME_MAX) problems[key] = { kind: 'tooLong', max: STATE_NAME_MAX };
  }
  const fees = { standard_fee_cents: 0, expedited_fee_cents: 0 };
  for (const key of FEE_FIELDS) {
    const cents = readDollars(form[key], DELIVERY_FEE_MAX_CENTS);
    if (cents === null) problems[key] = { kind: 'dollars', max: DELIVERY_FEE_MAX_CENTS };
    else fees[key] = cents;
  }
  if (!offersSomeMethod({ standard: form.standard_offered, expedited: form.expedited_offered })) {
    problems.standard_offered = { kind: 'noMethod' };
  }
  return {
    values: {
      code,
      name_en: form.name_en.trim(),
      name_zh: form.name_zh.trim(),
      ...fees,
      standard_offered: form.standard_offered,
      expedited_offered: form.expedited_offered,
    },
    problems,
  };
}

/** What an edit changes against the state as loaded (only those fields are sent). */
export function changesOf(values: StateValues, state: AdminShippingState): Partial<Omit<StateValues, 'code'>> {
  const changes: Partial<Omit<StateValues, 'code'>> = {};
  for (const key of ['name_en', 'name_zh', ...FEE_FIELDS, ...OFFERED_FIELDS] as const) {
    if (values[key] !== state[key]) (changes as Record<string, unknown>)[key] = values[key];
  }
  return changes;
}

/** The free-delivery threshold typed in dollars → cents, or null. */
export const readThreshold = (text: string): number | null => readDollars(text, FREE_SHIPPING_THRESHOLD_RANGE.max);
