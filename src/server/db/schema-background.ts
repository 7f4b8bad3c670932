import type { Generated } from 'kysely';

// What background work keeps: the bot's and the e-mail outboxes, stock alerts waiting to be told, job leases, and the
// database file store's rows (part of `Database` in schema.ts).

/** The bot's outbox: order news to send to a linked customer. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  kind: string;
  /** Where to send it when not to the account's linked Telegram user (account notices only). */
  telegram_chat_id: string | null;
  /** The notice's text values as JSON (account notices only). */
  params: string | null;
  created_at: string;
  sent_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A sender's claim on the row until then (null: unclaimed): another sender leaves it alone meanwhile. */
  claimed_until: string | null;
  /** When a row whose send failed is tried again (null: at once). */
  next_attempt_at: string | null;
}

/** The e-mail outbox (src/server/mail/outbox.ts): one message per row, sent once by the sender job. */
export interface MailOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  order_id: number | null;
  to_address: string;
  kind: string;
  lang: string;
  /** The template's parameters as JSON. */
  params: string;
  /** A message with the same key is queued once (null: no such key). */
  dedupe_key: string | null;
  /** pending → sending (claimed by one sender, until lease_until) → sent; failed after the last try. */
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** A customer's "Notify me when available" on a product (migration 2026-11-25T01-00, docs/decisions/018). */
export interface StockAlertsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: string;
  /** When the customer was told the product is back (set once, by the restock's conditional claim); null: waiting. */
  told_at: string | null;
}

/**
 * One background job's lease (lib/job-lease.ts, docs/decisions/024): the instance holding a live lease runs the job's
 * round; `next_run_at` is when the fleet's next round is due.
 */
export interface JobLeasesTable {
  name: string;
  /** The instance that claimed it last (`host:pid:random`); kept after the round, for the operator. */
  holder: string | null;
  /** Until when the holder's claim holds (null: free). */
  lease_until: string | null;
  next_run_at: string;
  runs: Generated<number>;
  last_started_at: string | null;
  last_finished_at: string | null;
  /** How the last round failed (null: it did not). */
  last_error: string | null;
}

/** One scheduled backup's outcome (migration 2026-12-07T18-00, src/server/backups, docs/decisions/042). */
export interface BackupRunsTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  /** 1: the backup was written (and old ones pruned); 0: it failed (`error`). */
  ok: number;
  /** The backup's file name (or object key) when written. */
  name: string | null;
  bytes: number | null;
  error: string | null;
  /** 1 when this failure alerted the owners (the first of a failing streak). */
  alerted: Generated<number>;
}

/** A stored file of the database file store (migration 2026-11-26T00-00, files/db-store.ts, docs/decisions/023). */
export interface FilesTable {
  id: Generated<number>;
  /** The FileStore key (`images/<hash>-640.webp`, `receipts/<hex>.png`…); unique. */
  key: string;
  size: number;
  /** SHA-256 of the bytes, hex: the ETag, and the import command's "already there". */
  sha256: string;
  /** The size of every chunk but the last. */
  chunk_size: number;
  created_at: string;
}

/** A file's bytes, `seq` from 0 (bytea on PostgreSQL, BLOB on SQLite; both read as a Buffer). */
export interface FileChunksTable {
  file_id: number;
  seq: number;
  data: Buffer;
}

/** One running server instance's heartbeat (migration 2026-12-07T21-00, src/server/system/heartbeat.ts). */
export interface InstancesTable {
  /** `host:pid:random`, made at the instance's start. */
  id: string;
  host: string;
  pid: number;
  /** The release it runs: package version and commit (backups/release.ts). */
  release: string;
  started_at: string;
  /** Its last heartbeat; live while within the last 90 s. */
  last_seen_at: string;
  /** When it last received a Telegram update (null: none since it started). */
  telegram_heard_at: string | null;
}

/** What a copy of a customer's data is doing (docs/decisions/051). */
export type DataExportStatus = 'preparing' | 'ready' | 'failed' | 'expired';

/** A copy of a customer's data asked for (migration 2026-12-08T01-30, src/server/data-export, docs/decisions/051). */
export interface DataExportsTable {
  id: Generated<number>;
  /** The customer whose data it is. */
  user_id: number;
  /** The staff member (an owner) who asked for it in the back office; null: the customer did. */
  requested_by: number | null;
  /** preparing → ready (the file is there until `expires_at`) → expired (the file deleted); failed after the last try. */
  status: DataExportStatus;
  requested_at: string;
  /** A job round's claim on a preparing row until then (null: unclaimed): another round leaves it alone meanwhile. */
  claimed_until: string | null;
  attempts: Generated<number>;
  /** The ZIP's key in the file store (`exports/<hex>.zip`) while ready. */
  file_key: string | null;
  size: number | null;
  ready_at: string | null;
  /** When the link stops working and the job deletes the file (24 h after `ready_at`). */
  expires_at: string | null;
  /** Why the last try failed, for the operator. */
  error: string | null;
}
