import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ClientErrorKind } from '../../common/client-error-rules';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import type { ClientErrorGroupsTable } from '../db/schema';
import { addDays } from '../lib/time';
import { enqueueStaffAlert } from '../notifications/staff-alerts';
import * as repo from './repository';
import { routePattern, scriptLocation, scrubMessage } from './scrub';
import { mapFrames, type ReadFrame, type SourceMaps } from './source-maps';
import { parseStack } from './stack';

/**
 * Errors from shoppers' phones (docs/decisions/045-errors-from-phones.md): a report is scrubbed (scrub.ts), its stack
 * mapped through the served build's hidden source maps (source-maps.ts), and counted in its group — one group per
 * fingerprint of the message and the top frames — per day. The first report of a group queues one alert to the owners
 * through the bot's staff alerts (notifications/staff-alerts.ts), in the transaction that created the group.
 */

/** A report as the endpoint took it (already bounded in size by the contract). */
export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack?: string | undefined;
  route?: string | undefined;
  build?: string | undefined;
  platform?: string | undefined;
  tg_version?: string | undefined;
}

export interface ClientErrorDeps {
  db: Db;
  maps: SourceMaps;
  clock: () => Date;
}

/**
 * How engines word a script that failed to load (Chromium, Safari, Firefox; Vite's preload): such a report is a failed
 * load whichever way it came (an unhandled rejection, a screen that could not render).
 */
const CHUNK_FAILURE = /dynamically imported module|module script failed|Importing a module script|Unable to preload/i;

/** How many top frames make the fingerprint: enough to tell two throw sites apart, few enough to group callers. */
const FINGERPRINT_FRAMES = 3;

const frameText = (f: ReadFrame) => `${f.file}:${f.line}:${f.column}`;
const stackLine = (f: ReadFrame) => `    at ${f.fn ? `${f.fn} (${frameText(f)})` : frameText(f)}`;

/**
 * The group's fingerprint: the message with its numbers and script hashes taken out (`index-Bx12Cd34.js` and
 * `index-Ab98Zy76.js` are one script), and the top frames (source file and line once mapped).
 */
export function fingerprint(message: string, frames: readonly ReadFrame[]): string {
  const text = message.replace(/-[\w]{8}\.(m?js|css)\b/g, '.$1').replace(/\d+/g, '#');
  const top = frames.slice(0, FINGERPRINT_FRAMES).map((f) => (f.mapped ? `${f.file}:${f.line}` : frameText(f)));
  return createHash('sha256')
    .update([text, ...top].join('\n'))
    .digest('hex');
}

/** The frame a person reads first: the first mapped one in the shop's own code, else the first one. */
function topFrame(frames: readonly ReadFrame[]): string | null {
  const own = frames.find((f) => f.mapped && f.file.startsWith('src/')) ?? frames[0];
  return own ? `${own.file}:${own.line}` : null;
}

/** A short free-text field of the report, scrubbed like a message (anyone can post anything in it). */
const orNull = (value: string | undefined, max: number) => (value?.trim() ? scrubMessage(value).slice(0, max) : null);

/**
 * Records one report: its group (new or counted again) and its day. Answers the group and whether this report made
 * it (the caller that made it is the one whose transaction queued the owners' alert).
 */
export async function recordClientError(
  deps: ClientErrorDeps,
  report: ClientErrorReport,
): Promise<{ groupId: number; isNew: boolean }> {
  const message = scrubMessage(report.message) || '(no message)';
  const frames = parseStack(report.stack ?? '').map((f) => ({
    ...f,
    fn: f.fn && scrubMessage(f.fn).slice(0, 200),
    file: scriptLocation(f.file),
  }));
  const read = await mapFrames(deps.maps, report.build, frames);
  const fields: repo.GroupFields = {
    fingerprint: fingerprint(message, read.frames),
    kind: CHUNK_FAILURE.test(report.message) ? 'chunk' : report.kind,
    message,
    top_frame: topFrame(read.frames),
    stack: read.frames.length ? read.frames.map(stackLine).join('\n') : null,
    stack_state: read.state,
    build_id: orNull(report.build, 64),
    route: report.route ? routePattern(report.route) : null,
    platform: orNull(report.platform, 32),
    platform_version: orNull(report.tg_version, 16),
  };
  const now = deps.clock().toISOString();
  return withRetry(() =>
    deps.db.transaction().execute(async (trx) => {
      const created = await repo.insertGroup(trx, fields, now);
      const groupId = created ?? (await repo.countReport(trx, fields, now));
      if (groupId === undefined) throw new Error('client error group vanished between insert and update');
      await repo.countDay(trx, groupId, now.slice(0, 10));
      if (created !== undefined) await enqueueStaffAlert(trx, 'staff_client_error', { groupId }, now);
      return { groupId, isNew: created !== undefined };
    }),
  );
}

/** One group as the owners' System page lists it: the stored row (its fingerprint aside) and its counts. */
export type ErrorGroupSummary = Omit<Selectable<ClientErrorGroupsTable>, 'fingerprint'> & {
  /** Reports in the days asked for. */
  recent: number;
  /** Reports per day (UTC), oldest first; days without reports are left out. */
  days: Array<{ day: string; count: number }>;
};

/**
 * The error groups seen in the last `days` days (today included), last seen first, at most `limit`, with their
 * counts per day: what the owners' System page lists.
 */
export async function listErrorGroups(
  db: Db,
  { days, limit, now = new Date() }: { days: number; limit: number; now?: Date },
): Promise<ErrorGroupSummary[]> {
  const fromDay = addDays(now.toISOString(), -(days - 1)).slice(0, 10);
  const { groups, days: counts } = await repo.recentGroups(db, { since: `${fromDay}T00:00:00.000Z`, fromDay, limit });
  return groups.map(({ fingerprint: _, ...group }) => {
    const own = counts.filter((c) => c.group_id === group.id).map((c) => ({ day: c.day, count: c.count }));
    return { ...group, recent: own.reduce((sum, c) => sum + c.count, 0), days: own };
  });
}

/** One group, for the owners' alert (the bot reads it when it sends). */
export const errorGroup = (db: Db, id: number) => repo.findGroup(db, id);
