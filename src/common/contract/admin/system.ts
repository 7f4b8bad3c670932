import { z } from 'zod';
import { defineAdminEndpoint } from '../endpoint';
import { clientErrorGroup } from './client-errors';
import { backupStatus } from './dashboard';

/**
 * The back office's System page (owner): what runs and how it is doing, read when the page is opened. Times are ISO;
 * nothing of a customer's data. Instances are the live ones (a heartbeat in the last 90 s) on PostgreSQL, this one on
 * SQLite (one process by design, docs/decisions/025).
 */

export const JOB_OUTCOMES = ['ok', 'failed', 'running', 'stopped', 'never'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

export const systemInstance = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  /** The release it runs (`version+commit`). */
  release: z.string(),
  started_at: z.string(),
  last_seen_at: z.string(),
  uptime_seconds: z.number().int(),
  /** The instance that answered this request. */
  current: z.boolean(),
});
export type SystemInstance = z.infer<typeof systemInstance>;

export const systemJob = z.object({
  name: z.string(),
  /**
   * How its last round went: ok, failed (`last_error`), running now, stopped (ended early: lease lost or the instance
   * stopped), never (due, not run yet).
   */
  outcome: z.enum(JOB_OUTCOMES),
  last_started_at: z.string().nullable(),
  last_finished_at: z.string().nullable(),
  /** Why the last round failed, shortened (null when it did not). */
  last_error: z.string().nullable(),
  next_run_at: z.string(),
  runs: z.number().int(),
});
export type SystemJob = z.infer<typeof systemJob>;

export const systemOutbox = z.object({
  /** mail: e-mail; bot: Telegram notices. */
  outbox: z.enum(['mail', 'bot']),
  /** Messages waiting to be sent. */
  backlog: z.number().int(),
  /** When the oldest waiting one was queued (null: none waits). */
  oldest_at: z.string().nullable(),
});
export type SystemOutbox = z.infer<typeof systemOutbox>;

export const systemWebhook = z.object({
  source: z.enum(['telegram', 'stripe']),
  /** Whether the shop is set up to receive it (BOT_TOKEN; the card provider's keys). */
  on: z.boolean(),
  /** When it was last heard from (Telegram: by a live instance since it started), null when not yet. */
  last_heard_at: z.string().nullable(),
});
export type SystemWebhook = z.infer<typeof systemWebhook>;

export const adminSystem = defineAdminEndpoint({
  path: '/admin/system',
  permission: 'system',
  summary: 'Release, live instances, database, background jobs, outboxes, backups and webhooks (owner)',
  request: z.object({}),
  response: z.object({
    /** When this answer was made (the server's clock): ages on the page count from it. */
    now: z.string(),
    release: z.object({
      version: z.string(),
      commit: z.string().nullable(),
      /** The served client build's id (its entry script, `index-<hash>`); null when no build is served. */
      client_build: z.string().nullable(),
    }),
    instances: z.array(systemInstance),
    database: z.object({
      kind: z.enum(['sqlite', 'postgres']),
      /** The database's size on disk (null when it could not be read). */
      bytes: z.number().int().nullable(),
    }),
    jobs: z.array(systemJob),
    outboxes: z.array(systemOutbox),
    backups: backupStatus.extend({
      /** The last good backup's size. */
      last_good_bytes: z.number().int().nullable(),
    }),
    webhooks: z.array(systemWebhook),
    /**
     * Errors from shoppers' phones in the last ERROR_GROUP_DAYS days (common/system-rules.ts), grouped, last seen first, with their counts
     * (docs/decisions/045-errors-from-phones.md).
     */
    error_groups: z.array(clientErrorGroup),
  }),
});

export type AdminSystemOutput = z.infer<typeof adminSystem.response>;
