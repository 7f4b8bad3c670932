import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * Keyset paging newest first by an integer id (the back office's lists, the shop's referral lists): the rows whose
 * `column` is below `before` (all of them without it), highest first, `limit` + 1 of them. The extra row only
 * tells the service that there is a next page (lib/paging.ts `keysetPage` cuts it off), so a deep page costs what
 * the first one does. Use it with `.$call(newestBelow('s.id', before, limit))`.
 */
export function newestBelow(column: string, before: number | undefined, limit: number) {
  return <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    q
      .$if(before !== undefined, (qb) => qb.where(sql.ref(column), '<', before!))
      .orderBy(sql.ref(column), 'desc')
      .limit(limit + 1);
}
