/**
 * Search's rules the header's field and the server share (docs/decisions/017), free of zod so that the
 * shop's first screen (the header's search field) does not pull the contract's schemas into the entry chunk.
 */

/** The longest search text `q` accepted. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Search text as the server reads it: trimmed and cut to SEARCH_MAX_LENGTH UTF-16 units (zod's count), without
 * leaving half of a character outside the Basic Multilingual Plane (an emoji) at the end.
 */
export const clipSearchText = (text: string): string =>
  text
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .replace(/[\uD800-\uDBFF]$/, '');
