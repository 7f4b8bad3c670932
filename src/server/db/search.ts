import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * "Contains, in any case" searches of the back office (customers, subscriptions), the same on SQLite and
 * PostgreSQL: `lower(column) like '%text%' escape '\'`, with LIKE's wildcards in the text taken literally.
 */

/** `%text%` (lower case) for LIKE, with `%`, `_` and `\` in the text escaped. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like pattern escape '\'`. */
export const lowerLike = (column: string, pattern: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
