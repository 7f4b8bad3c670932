import type { Generated } from 'kysely';

// What the shop learns about itself: errors reported by shoppers' browsers (migration 2026-12-07T19-00-client-errors,
// src/server/client-errors, docs/decisions/045-errors-from-phones.md). Part of `Database` in schema.ts.

/** One kind of error: every report with the same fingerprint (message and top mapped frames) counts here. */
export interface ClientErrorGroupsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the scrubbed message and the top frames; unique, so two instances agree on a new group. */
  fingerprint: string;
  /** 'error' (uncaught), 'rejection' (unhandled promise), 'chunk' (a script failed to load), 'render'. */
  kind: string;
  /** The error's message, scrubbed (client-errors/scrub.ts). */
  message: string;
  /** The top frame as `file:line` (mapped to the source when it could be), or null without a stack. */
  top_frame: string | null;
  /** The first report's stack, one frame a line, mapped where it could be. */
  stack: string | null;
  /** 'mapped', 'other_build' (the report came from a build no longer served) or 'no_build'. */
  stack_state: string;
  /** The latest report's build, page pattern and Telegram platform and version. */
  build_id: string | null;
  route: string | null;
  platform: string | null;
  platform_version: string | null;
  first_seen: string;
  last_seen: string;
  /** Reports in all. */
  total: number;
}

/** How many reports a group had on one day (UTC `YYYY-MM-DD`). */
export interface ClientErrorDaysTable {
  group_id: number;
  day: string;
  count: number;
}
