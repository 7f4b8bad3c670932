import { z } from 'zod';
import { DAY_RANGE, isDay } from '../day-rules';

/**
 * Field builders for request bodies. Bodies arrive form-encoded, so every scalar is a string:
 * these coerce, and treat an empty string as "not given" (never as 0 or false).
 */

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const toNumber = (value: unknown) => {
  const v = blankToUndefined(value);
  if (typeof v === 'string') {
    const n = Number(v.trim());
    return Number.isNaN(n) ? v : n;
  }
  return v;
};

/**
 * The range of a PostgreSQL `integer` (int4): every whole-number column is one (ids, quantities, cents:
 * src/server/db/migrations/2026-11-22T00-00-initial.ts). A number outside it can name no row and fit no
 * column; PostgreSQL would fail the query ("out of range for type integer") and answer 500, so the contract
 * refuses it as bad input, naming the field, on both databases.
 */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The largest id a column can hold (PostgreSQL `integer`); a larger one can name no row. */
export const MAX_ROW_ID = INT4.max;

/** A whole number from `min` to `max`; `range` is the refusal of one outside. */
const wholeNumber = (min: number, max: number, range: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(min, { error: range })
      .max(max, { error: range }),
  );

/** A whole number a column can hold (e.g. a quantity, a page size, a rating). */
export const int = () => wholeNumber(INT4.min, INT4.max, `must be a whole number from ${INT4.min} to ${INT4.max}`);

/** A positive database id. */
export const id = () => wholeNumber(1, MAX_ROW_ID, 'must be a positive id');

/** An amount of money in integer cents, never negative, at most what a column holds. */
export const cents = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must not be negative' })
      .max(INT4.max, { error: `must be at most ${INT4.max}` }),
  );

/**
 * A calendar day staff pick, YYYY-MM-DD, from 2000-01-01 to 2999-12-31 (day-rules.ts: a day outside would break the
 * server's day arithmetic). What it means (a shop day in `SHOP_TIMEZONE`) is said where it is used.
 */
export const day = () =>
  z
    .string({ error: 'must be a date like 2026-11-24' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-11-24', abort: true })
    .refine((d) => d >= DAY_RANGE.min && d <= DAY_RANGE.max, {
      error: `must be from ${DAY_RANGE.min} to ${DAY_RANGE.max}`,
      abort: true,
    })
    .refine(isDay, { error: 'must be a real date' });

/** A flag sent as 1/0, true/false, on/off. */
export const flag = () =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v === 'boolean') return v;
      if (v === '1' || v === 1 || v === 'true' || v === 'on') return true;
      if (v === '0' || v === 0 || v === 'false' || v === 'off') return false;
      return v;
    },
    z.boolean({ error: 'must be 1 or 0' }),
  );

/** Required text, trimmed, not empty, without NUL characters (PostgreSQL's text cannot hold one). */
export const text = (max = 500) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'is required' })
      .min(1, { error: 'must not be empty' })
      .max(max, { error: `must be at most ${max} characters` })
      .refine((v) => !v.includes('\u0000'), { error: 'must not contain a NUL character' }),
  );

/** Optional text: absent or blank means "not given". */
export const optionalText = (max = 500) => z.preprocess(blankToUndefined, text(max).optional());

/** A value that is optional: an empty string counts as absent. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A structured field sent as a JSON string inside a form body (or as a real array/object in JSON). */
export const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);
