import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/connection';
import type { ClientErrorGroupsTable } from '../db/schema';

/** All SQL of the client error reports (client_error_groups, client_error_days; service.ts has the rules). */

/** What a report says of its group (the counts and times are the repository's). */
export type GroupFields = Omit<Insertable<ClientErrorGroupsTable>, 'id' | 'first_seen' | 'last_seen' | 'total'>;

/**
 * Inserts the group unless its fingerprint is there. Answers the new group's id, or undefined when it was there
 * already: on PostgreSQL a second instance inserting the same fingerprint at once waits for the first's commit and
 * then inserts nothing, so exactly one caller learns the group is new.
 */
export async function insertGroup(db: Db, fields: GroupFields, now: string): Promise<number | undefined> {
  const row = await db
    .insertInto('client_error_groups')
    .values({ ...fields, first_seen: now, last_seen: now, total: 1 })
    .onConflict((oc) => oc.column('fingerprint').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Counts one more report of a known group: its latest build, page and platform, and when it was seen. */
export async function countReport(db: Db, fields: GroupFields, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('client_error_groups')
    .set({
      total: sql<number>`total + 1`,
      last_seen: now,
      build_id: fields.build_id,
      route: fields.route,
      platform: fields.platform,
      platform_version: fields.platform_version,
    })
    .where('fingerprint', '=', fields.fingerprint)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** One more report of the group on `day`. */
export async function countDay(db: Db, groupId: number, day: string): Promise<void> {
  await db
    .insertInto('client_error_days')
    .values({ group_id: groupId, day, count: 1 })
    .onConflict((oc) =>
      oc.columns(['group_id', 'day']).doUpdateSet({ count: sql<number>`${sql.ref('client_error_days.count')} + 1` }),
    )
    .execute();
}

/** The groups seen since `since` (ISO), last seen first, with their reports on days from `fromDay` on. */
export async function recentGroups(
  db: Db,
  { since, fromDay, limit }: { since: string; fromDay: string; limit: number },
) {
  const groups = await db
    .selectFrom('client_error_groups')
    .selectAll()
    .where('last_seen', '>=', since)
    .orderBy('last_seen', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (groups.length === 0) return { groups, days: [] };
  const days = await db
    .selectFrom('client_error_days')
    .select(['group_id', 'day', 'count'])
    .where(
      'group_id',
      'in',
      groups.map((g) => g.id),
    )
    .where('day', '>=', fromDay)
    .orderBy('day')
    .execute();
  return { groups, days };
}

/** One group (what the owners' alert says when the bot sends it). */
export const findGroup = (db: Db, id: number) =>
  db
    .selectFrom('client_error_groups')
    .select(['id', 'kind', 'message', 'top_frame', 'route', 'platform', 'platform_version', 'total', 'stack_state'])
    .where('id', '=', id)
    .executeTakeFirst();
