import { DATA_EXPORT_DAILY_LIMIT, type DataExport, type DataExportState } from '../../common/contract/data-export';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import type { StaffCaller } from '../lib/endpoint';
import { conflict, notFound, tooManyRequests } from '../lib/errors';
import { enqueueDataExportNotification } from '../notifications/outbox';
import { inTransaction, type Shop } from '../shop';
import { downloadPath, signatureHolds } from './links';
import * as repo from './repository';

/**
 * A copy of a customer's data (docs/decisions/051): asked for by the customer (at most DATA_EXPORT_DAILY_LIMIT in
 * any 24 hours) or by an owner in the back office (audited, not counted), made by the job (./job.ts), offered through
 * a signed link (./links.ts) until it expires.
 */

type Clocked = Pick<Shop, 'db' | 'clock'>;

const DAY_MS = 24 * 60 * 60_000;

/** A row as the contract shows it: the signed link only while it is ready. */
async function shown(db: Db, row: repo.ExportRow): Promise<DataExport> {
  const ready = row.status === 'ready' && row.expires_at !== null;
  // A staff copy is downloaded in the back office, with the owner's session: it has no link.
  const linked = ready && row.requested_by === null;
  return {
    id: row.id,
    status: row.status as DataExportState,
    requested_at: row.requested_at,
    expires_at: ready ? row.expires_at : null,
    download_url: linked ? await downloadPath(db, { ...row, expires_at: row.expires_at! }) : null,
    size: ready ? row.size : null,
  };
}

/**
 * A ready row whose time has passed shows as expired even before the job deleted its file (the link refuses it
 * already).
 */
const asOf = (row: repo.ExportRow, now: Date): repo.ExportRow =>
  row.status === 'ready' && row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()
    ? { ...row, status: 'expired' }
    : row;

const since = (now: Date) => new Date(now.getTime() - DAY_MS).toISOString();

/** The customer's latest copy and the requests they have left today. */
export async function customerState(shop: Clocked, userId: number) {
  const now = shop.clock();
  const row = await repo.latest(shop.db, userId, 'customer');
  const used = await repo.countRequestsSince(shop.db, userId, since(now));
  return {
    export: row ? await shown(shop.db, asOf(row, now)) : null,
    requests_left: Math.max(0, DATA_EXPORT_DAILY_LIMIT - used),
  };
}

/**
 * The customer asks for a copy. One being prepared is answered as it is (a double tap counts once); past the day's
 * limit, 429 naming the hours until a request frees a place. The count and the insert run under the customer's row
 * lock, so requests at once never pass the limit together.
 */
export async function requestByCustomer(shop: Clocked, userId: number) {
  const now = shop.clock();
  const row = await inTransaction(shop, async (tx) => {
    if (!(await repo.lockCustomer(tx.db, userId))) throw notFound();
    const current = await repo.latest(tx.db, userId, 'customer');
    if (current?.status === 'preparing') return current;
    const from = since(now);
    if ((await repo.countRequestsSince(tx.db, userId, from)) >= DATA_EXPORT_DAILY_LIMIT) {
      const oldest = await repo.oldestRequestSince(tx.db, userId, from);
      const freeAt = oldest ? Date.parse(oldest.requested_at) + DAY_MS : now.getTime() + DAY_MS;
      const hours = Math.max(1, Math.ceil((freeAt - now.getTime()) / 3_600_000));
      throw tooManyRequests('dataExportLimit', { max: DATA_EXPORT_DAILY_LIMIT, hours });
    }
    return repo.insertRequest(tx.db, { user_id: userId, requested_by: null, requested_at: now.toISOString() });
  });
  const used = await repo.countRequestsSince(shop.db, userId, since(now));
  return { export: await shown(shop.db, row), requests_left: Math.max(0, DATA_EXPORT_DAILY_LIMIT - used) };
}

/**
 * The customer, inside Telegram where the web view may not download a file, has the bot send the ready copy's link to
 * their linked chat (the same notice as when it became ready).
 */
export async function sendToTelegram(shop: Clocked, userId: number): Promise<void> {
  const now = shop.clock();
  const owner = await repo.owner(shop.db, userId);
  if (!owner?.telegram_user_id) throw conflict('dataExportNotLinked');
  const row = await repo.latest(shop.db, userId, 'customer');
  if (!row || asOf(row, now).status !== 'ready') throw notFound('dataExportNotReady');
  await enqueueDataExportNotification(shop.db, { userId, exportId: row.id }, now.toISOString());
}

/** The latest copy the staff made of a customer's data. */
export async function staffState(shop: Clocked, customerId: number) {
  const row = await repo.latest(shop.db, customerId, 'staff');
  return { export: row ? await shown(shop.db, asOf(row, shop.clock())) : null };
}

/**
 * An owner asks for a copy of a customer's data (the route checked the role). Audited in the same transaction; the
 * entry names the customer by id only (the audit log holds no personal data of the customer).
 */
export async function requestByStaff(shop: Clocked, staff: StaffCaller, customerId: number) {
  const now = shop.clock();
  const row = await inTransaction(shop, async (tx) => {
    if (!(await repo.lockCustomer(tx.db, customerId))) throw notFound('dataExportNoCustomer');
    const current = await repo.latest(tx.db, customerId, 'staff');
    if (current?.status === 'preparing') return current;
    const made = await repo.insertRequest(tx.db, {
      user_id: customerId,
      requested_by: staff.userId,
      requested_at: now.toISOString(),
    });
    await recordAudit(
      tx.db,
      staff,
      { action: 'customer.export_data', entity: 'customer', entityId: customerId, after: { export_id: made.id } },
      now.toISOString(),
    );
    return made;
  });
  return { export: await shown(shop.db, row) };
}

/** Why a copy cannot be downloaded: not one (404), or one whose time has passed (410). */
export type Unavailable = 'invalid' | 'expired';

/** The stored file of a staff copy of `customerId` for the owner's download, or why not. */
export async function staffCopyFile(shop: Clocked, customerId: number, exportId: number) {
  const row = await repo.byId(shop.db, exportId);
  if (!row || row.user_id !== customerId || row.requested_by === null) return 'invalid' as const;
  return readyFile(row, shop.clock());
}

/** A copy's file key when it is ready at `now`, else why not. */
export function readyFile(row: repo.ExportRow, now: Date): { key: string; userId: number } | Unavailable {
  const current = asOf(row, now);
  if (current.status === 'expired') return 'expired';
  if (current.status !== 'ready' || !current.file_key) return 'invalid';
  return { key: current.file_key, userId: current.user_id };
}

/** The ready copy a notice is about, with its signed link (a path), or null when it is no longer ready. */
export async function readyLink(shop: Clocked, exportId: number) {
  const row = await repo.byId(shop.db, exportId);
  if (!row || asOf(row, shop.clock()).status !== 'ready') return null;
  const copy = await shown(shop.db, row);
  return copy.download_url && copy.expires_at ? { path: copy.download_url, expiresAt: copy.expires_at } : null;
}

/**
 * What a download link opens: the customer's ready copy when the signature holds for that copy, its owner and its
 * expiry; 'expired' once the expiry has passed (the link was good); 'invalid' for anything else (tampered, unknown,
 * a staff copy, which never leaves the back office).
 */
export async function linkedCopy(shop: Clocked, link: { id: number; exp: number; sig: string }) {
  const row = await repo.byId(shop.db, link.id);
  if (!row || row.requested_by !== null || row.expires_at === null) return 'invalid' as const;
  if (!(await signatureHolds(shop.db, { ...link, userId: row.user_id }))) return 'invalid' as const;
  if (link.exp !== Math.floor(Date.parse(row.expires_at) / 1000)) return 'invalid' as const;
  return readyFile(row, shop.clock());
}
