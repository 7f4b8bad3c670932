import { z } from 'zod';

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

/** A whole number (e.g. an id, a quantity, a page size). */
export const int = () =>
  z.preprocess(toNumber, z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }));

/** The largest id a column can hold (PostgreSQL `integer`); a larger one can name no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A positive database id. */
export const id = () =>
  int().pipe(
    z.number().positive({ error: 'must be a positive id' }).max(MAX_ROW_ID, { error: 'must be a positive id' }),
  );

/** An amount of money in integer cents, never negative. */
export const cents = () => int().pipe(z.number().nonnegative({ error: 'must not be negative' }));

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

/** Required text, trimmed, not empty. */
export const text = (max = 500) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'is required' })
      .min(1, { error: 'must not be empty' })
      .max(max, { error: `must be at most ${max} characters` }),
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
