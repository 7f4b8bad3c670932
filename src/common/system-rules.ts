/**
 * The back office's System page (src/server/system): how many days of phones' error groups it lists, and how many
 * groups at most (docs/decisions/045-errors-from-phones.md). Apart from the contract so the page reads it without zod.
 */
export const ERROR_GROUP_DAYS = 7;
export const ERROR_GROUP_LIMIT = 50;
