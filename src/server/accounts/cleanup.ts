import type { Db } from '../db/connection';
import { createIntervalJob, type IntervalJob, type JobMetrics } from '../lib/interval-job';
import { addDays, addMinutes } from '../lib/time';
import { deleteFinishedMail } from '../mail/outbox';
import { deletePassedWindows } from '../rate-limits/rate-limit';
import { deleteExpiredAccountTokens } from './account-tokens';
import { deleteDeadSessions } from './session-repository';
import { REVOKED_SESSION_KEEP_DAYS, SESSION_MAX_DAYS } from './tokens';

/**
 * Deletes account rows that can never count again, so the sessions and rate_limits tables do not grow for ever (every
 * log-in adds a session; every probe of an unknown e-mail adds a rate-limit key):
 * - sessions that expired (30 days unused), that passed their absolute lifetime (SESSION_MAX_DAYS from creation), or
 *   that were revoked more than REVOKED_SESSION_KEEP_DAYS ago;
 * - rate-limit rows whose window has passed. Each row carries the end of its own window (`expires_at`, written by
 *   rate-limit.ts `hit`), so a row is never deleted while its window is open, whatever the limit's length (15 minutes
 *   for log-in, a day for receipt uploads): nothing here has to be kept in step with the limits.
 * Deleting a passed window changes nothing: the next attempt under that key would have opened a new window anyway.
 * Run by one instance an hour (the job's lease: docs/decisions/024), and safe anyway: each statement deletes what its condition still matches.
 */

const ACCOUNT_CLEANUP_INTERVAL_MS = 60 * 60_000;
/** The job's lease (docs/decisions/024): a round is a few DELETEs. */
const ACCOUNT_CLEANUP_LEASE_MS = 10 * 60_000;

/**
 * Rate-limit rows written before `expires_at` existed have none: they are deleted by their `window_start`. The longest
 * window then was an hour (sign-ups per address); a day is well past it.
 */
const LEGACY_RATE_LIMIT_KEEP_MINUTES = 24 * 60;

/** How long the outbox keeps a message that went or failed for good (to look into a complaint), then deletes it. */
export const MAIL_KEEP_DAYS = 30;

interface AccountCleanupReport {
  sessions: number;
  rateLimits: number;
}

type Log = { info?(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** One round at `now`: deletes dead sessions and passed rate-limit windows; answers how many of each. */
export async function cleanUpAccounts(db: Db, now: Date = new Date(), opts: { log?: Log } = {}) {
  const at = now.toISOString();
  // One statement per condition, each served by its own index (migration 2026-11-23T12-00).
  const sessions = await deleteDeadSessions(db, {
    at,
    createdBefore: addDays(at, -SESSION_MAX_DAYS),
    revokedBefore: addDays(at, -REVOKED_SESSION_KEEP_DAYS),
  });
  const rateLimits = await deletePassedWindows(db, {
    at,
    legacyOpenedBefore: addMinutes(at, -LEGACY_RATE_LIMIT_KEEP_MINUTES),
  });
  // Mailed links (password reset, address confirmation) a day after they expired (docs/decisions/016).
  const links = await deleteExpiredAccountTokens(db, addDays(at, -1));
  if (links) opts.log?.info?.({ links }, 'expired e-mail links deleted');
  // E-mails sent (or failed for good) more than MAIL_KEEP_DAYS ago (docs/decisions/016): their rows copy orders'
  // addresses.
  const mails = await deleteFinishedMail(db, addDays(at, -MAIL_KEEP_DAYS));
  if (mails) opts.log?.info?.({ mails }, 'old e-mails deleted from the outbox');
  const report: AccountCleanupReport = { sessions, rateLimits };
  if (sessions || rateLimits) opts.log?.info?.(report, 'old sessions and rate-limit windows deleted');
  return report;
}

/** The hourly cleanup job (started by app.ts; tests call `runOnce`). */
export function createAccountCleanupJob({
  db,
  log,
  metrics,
  intervalMs = ACCOUNT_CLEANUP_INTERVAL_MS,
}: {
  db: Db;
  log?: Log;
  /** Where its rounds are counted (the shop's metrics). */
  metrics?: JobMetrics;
  intervalMs?: number;
}): IntervalJob<AccountCleanupReport> {
  return createIntervalJob({
    name: 'account cleanup',
    run: (now) => cleanUpAccounts(db, now, { log }),
    intervalMs,
    lease: { db, ttlMs: ACCOUNT_CLEANUP_LEASE_MS },
    ...(log ? { log } : {}),
    metrics,
  });
}
