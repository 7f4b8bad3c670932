/**
 * Errors from shoppers' phones (docs/decisions/045-errors-from-phones.md): what a report holds and how much of it,
 * shared by the client's reporter (src/client/lib/error-reports) and the server's path (contract/client-errors.ts).
 * Zod-free, so the shop's first load takes these few constants without the contract's schemas.
 */

export const CLIENT_ERROR_PATH = '/v2/client-error';

/** Uncaught error, unhandled rejection, a script that failed to load, a screen that failed to render. */
export const CLIENT_ERROR_KINDS = ['error', 'rejection', 'chunk', 'render'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The largest report body the server reads (413 over it). */
export const CLIENT_ERROR_BODY_BYTES = 16 * 1024;

/**
 * How much of the message and of the stack a report carries (the client cuts, the server refuses more). Form-encoded
 * they fit CLIENT_ERROR_BODY_BYTES whatever they hold: a character takes at most 9 bytes (3 UTF-8 bytes, each
 * `%XX`), and a stack is the engine's ASCII text (3 at most): 500 × 9 + 3,500 × 3 = 15,000, with room for the rest.
 */
export const CLIENT_ERROR_LIMITS = { message: 500, stack: 3500 } as const;

/** At most this many distinct reports per page load: a loop of errors is one report, then a few, then quiet. */
export const MAX_REPORTS_PER_PAGE = 5;
