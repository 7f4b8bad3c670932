import type { Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { tooManyRequests } from '../lib/errors';
import { addMinutes, nowIso } from '../lib/time';
import * as repo from './repository';

type Conn = Db | Transaction<Database>;

/**
 * Fixed-window counters in the `rate_limits` table (docs/decisions/004: nothing that matters lives in memory,
 * so several server instances share them). A window opens at the first counted attempt and lasts
 * `windowMinutes`; once it has passed the next attempt opens a new window at 1. A blocked key therefore
 * stays blocked at most `windowMinutes` after its window opened.
 */

interface Hit {
  allowed: boolean;
  /** Attempts counted in the window, this one included (the limit when it was refused). */
  count: number;
  /** The window the attempt was counted in (or that blocks it). */
  windowStart: string;
  /** Whole minutes (at least 1) until the window ends: what a refusal tells the caller. */
  retryMinutes: number;
}

const minutesLeft = (windowStart: string, windowMinutes: number, now: string): number =>
  Math.max(1, Math.ceil((Date.parse(addMinutes(windowStart, windowMinutes)) - Date.parse(now)) / 60_000));

/**
 * Counts one attempt under `key` unless the key already holds `limit` attempts in its current window.
 * One statement (a conditional upsert), so concurrent callers never count past `limit`, on SQLite and
 * on PostgreSQL alike: PostgreSQL re-checks the `where` on the locked, latest row.
 */
export async function hit(db: Conn, key: string, limit: number, windowMinutes: number): Promise<Hit> {
  const now = nowIso();
  const counted = await repo.countAttempt(db, { key, limit, windowMinutes, now });
  if (counted) {
    return {
      allowed: true,
      count: counted.count,
      windowStart: counted.window_start,
      retryMinutes: minutesLeft(counted.window_start, windowMinutes, now),
    };
  }
  // Not counted: the key is full in its window. (Had the window just expired, the upsert would have counted.)
  const windowStart = (await repo.windowStartOf(db, key)) ?? now;
  return { allowed: false, count: limit, windowStart, retryMinutes: minutesLeft(windowStart, windowMinutes, now) };
}

/** Takes back one attempt counted by `hit` in `windowStart` (the attempt did not count after all). */
export async function release(db: Conn, key: string, windowStart: string): Promise<void> {
  await repo.uncountAttempt(db, key, windowStart);
}

/** One limit: at most `max` attempts under `key` per window of `windowMinutes`. */
export interface Limit {
  key: string;
  max: number;
  windowMinutes: number;
}

/**
 * Counts one attempt under each limit in turn (e.g. per account, then per address). The first limit that is full
 * refuses with 429 "Too many attempts, please try again in N minutes"; the attempts already counted under the limits
 * before it are taken back, so a refused attempt counts nowhere.
 */
export async function enforce(db: Conn, limits: readonly Limit[]): Promise<Hit[]> {
  const counted: Array<{ key: string; hit: Hit }> = [];
  for (const limit of limits) {
    const attempt = await hit(db, limit.key, limit.max, limit.windowMinutes);
    if (!attempt.allowed) {
      for (const done of counted) await release(db, done.key, done.hit.windowStart);
      throw tooManyRequests('tooManyRequests', { minutes: attempt.retryMinutes });
    }
    counted.push({ key: limit.key, hit: attempt });
  }
  return counted.map((c) => c.hit);
}

/** Forgets a key (a successful login resets its account's failures). */
export async function reset(db: Conn, key: string): Promise<void> {
  await repo.deleteKey(db, key);
}

/**
 * Deletes the rows whose window has passed at `at` (and, for rows written before `expires_at` existed, those opened
 * before `legacyOpenedBefore`): the hourly account cleanup (accounts/cleanup.ts). Answers how many went.
 */
export const deletePassedWindows = (db: Conn, cutoffs: { at: string; legacyOpenedBefore: string }): Promise<number> =>
  repo.deletePassedWindows(db, cutoffs);
