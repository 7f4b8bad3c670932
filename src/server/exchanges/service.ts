import { randomBytes } from 'node:crypto';
import type { AdminExchangeRow } from '../../common/contract/admin/exchanges';
import type { ExchangeRequest, OrderExchanges } from '../../common/contract/exchanges';
import type { Lang } from '../../common/contract/lang';
import {
  type ExchangeReason,
  type ExchangeStatus,
  exchangeBlock,
  exchangeDeadline,
  noteRequired,
} from '../../common/exchange-rules';
import { packagingNames } from '../../common/packaging-name';
import { requireLiveAccount } from '../accounts/live-account';
import type { StaffActor } from '../audit/actor';
import { actorUserId } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import type { User } from '../db/schema';
import { boundedCustomerImage, CUSTOMER_IMAGE_LIMITS } from '../files/images';
import { conflict, invalidField, notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { enqueueStaffAlert } from '../notifications/staff-alerts';
import { notifyOrder } from '../orders/notify';
import { type FileLinkSigner, fileLinkSigner } from '../orders/receipts';
import { customerOrder } from '../orders/records';
import { shopSettings } from '../settings/service';
import { inTransaction, type Shop } from '../shop';
import * as repo from './repository';

/**
 * Product exchanges (docs/decisions/020; the rules in src/common/exchange-rules.ts): the customer asks, staff
 * decide once. Each change is one transaction with what it tells: the customer's bot notice and e-mail (orders/notify.ts,
 * deduplicated per request), the staff alert of a new request, the audit entry of a decision.
 */

/** The GET path that serves a request's photo: /v1/exchange-photo/<request id>?u=<customer>&exp=…&sig=…. */
export const EXCHANGE_PHOTO_PATH = '/v1/exchange-photo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

const photoLink = (sign: FileLinkSigner, row: Pick<Row, 'id' | 'user_id' | 'photo_key'>, nowMs?: number) =>
  row.photo_key ? sign('exchange', EXCHANGE_PHOTO_PATH, row.id, row.user_id, nowMs) : null;

/**
 * What the customer and staff both see of a request, in `lang`. `sign` is read once per answer (fileLinkSigner), not
 * once per row.
 */
function requestView(sign: FileLinkSigner, row: Row, lang: Lang, nowMs?: number): ExchangeRequest {
  return {
    id: row.id,
    order_item_id: row.order_item_id,
    name: lang === 'zh' ? row.name_zh : row.name_en,
    variant_name: lang === 'zh' ? row.variant_name_zh : row.variant_name_en,
    quantity: row.quantity,
    reason: row.reason,
    note: row.note,
    photo_url: photoLink(sign, row, nowMs),
    status: row.status,
    answer: row.answer,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}

function adminView(sign: FileLinkSigner, row: Row, lang: Lang): AdminExchangeRow {
  return {
    ...requestView(sign, row, lang),
    order_id: row.order_id,
    order_no: row.order_no,
    customer: { id: row.user_id, nickname: row.nickname, email: row.email },
    line_quantity: row.line_quantity,
    decided_by: row.decided_by_email,
  };
}

async function ownOrder(db: Db, user: User, orderId: number) {
  const order = await customerOrder(db, user.id, orderId);
  if (!order) throw notFound('orderNotFound', 'order_id');
  return order;
}

/** The customer's order's exchanges: the deadline, whether one can be asked now, and the requests. */
export async function orderExchanges(
  db: Db,
  user: User,
  orderId: number,
  lang: Lang,
  nowMs = Date.now(),
): Promise<OrderExchanges> {
  const order = await ownOrder(db, user, orderId);
  const [{ exchangeDays }, rows, items, sign] = await Promise.all([
    shopSettings(db),
    repo.orderRequests(db, order.id),
    repo.orderLineIds(db, order.id),
    fileLinkSigner(db),
  ]);
  const asked = new Set(rows.map((r) => r.order_item_id));
  const canRequest = exchangeBlock(order, exchangeDays, nowMs) === null;
  return {
    deadline:
      order.status === 'Completed' && order.completed_at ? exchangeDeadline(order.completed_at, exchangeDays) : null,
    can_request: canRequest,
    open_item_ids: canRequest ? items.filter((id) => !asked.has(id)) : [],
    requests: rows.map((r) => requestView(sign, r, lang, nowMs)),
  };
}

export interface ExchangeInput {
  orderId: number;
  itemId: number;
  quantity?: number;
  reason: ExchangeReason;
  note?: string;
  photo?: Uint8Array;
}

/** "2026-12-08 10:30 UTC": a deadline as a refusal names it. */
const deadlineText = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The customer asks to exchange a line of their Completed order (exchange-rules.ts). Bad input is refused before
 * anything is written; the photo is stored first (FileStore, a random private key) and removed again if the request
 * is not made. Two submits at once make one request (the line's unique key): the other is refused with 409.
 */
export async function requestExchange(
  shop: Shop,
  user: User,
  input: ExchangeInput,
  nowMs = Date.now(),
): Promise<number> {
  const { db, files } = shop;
  const order = await ownOrder(db, user, input.orderId);
  const { exchangeDays } = await shopSettings(db);
  const block = exchangeBlock(order, exchangeDays, nowMs);
  if (block === 'not_completed') throw invalidField('order_id', 'exchangeNotCompleted');
  if (block === 'too_late') {
    const date = deadlineText(exchangeDeadline(order.completed_at ?? '', exchangeDays));
    throw invalidField('order_id', 'exchangeTooLate', { date });
  }
  const line = await repo.findOrderLine(db, order.id, input.itemId);
  if (!line) throw invalidField('order_item_id', 'exchangeItemNotInOrder');
  const quantity = input.quantity ?? line.quantity;
  if (quantity < 1 || quantity > line.quantity) {
    throw invalidField('quantity', 'exchangeQuantity', { max: line.quantity });
  }
  const note = input.note?.trim() || null;
  if (noteRequired(input.reason) && !note) throw invalidField('note', 'exchangeNoteRequired');
  // Decoded and bounded before anything is stored (docs/decisions/034): upright, without its metadata (a phone
  // photo's EXIF may say where it was taken), at most CUSTOMER_IMAGE_LIMITS.
  const photo = input.photo ? await boundedCustomerImage(input.photo) : null;
  if (photo && !photo.ok) {
    if (photo.reason === 'too_large') {
      throw invalidField('photo', 'exchangePhotoPixelsTooMany', {
        megapixels: CUSTOMER_IMAGE_LIMITS.maxInputPixels / 1e6,
      });
    }
    throw invalidField('photo', 'exchangePhotoNotImage');
  }
  if (await repo.hasRequestForLine(db, line.id)) {
    throw conflict('exchangeAlreadyRequested', {}, 'order_item_id');
  }

  const photoKey = photo?.ok ? `exchanges/${randomBytes(16).toString('hex')}.${photo.kind}` : null;
  if (photoKey && photo?.ok) await files.put(photoKey, photo.bytes);
  const now = new Date(nowMs).toISOString();
  try {
    return await inTransaction(shop, async (tx) => {
      const trx = tx.db;
      await requireLiveAccount(trx, user.id);
      const id = await repo.insertRequest(trx, {
        order_id: order.id,
        order_item_id: line.id,
        user_id: user.id,
        quantity,
        reason: input.reason,
        note,
        photo_key: photoKey,
        created_at: now,
      });
      await notifyOrder(
        tx,
        {
          userId: user.id,
          orderId: order.id,
          kind: 'exchange_requested',
          params: itemParams(line, quantity),
          mail: { exchange: { ...lineNames(line), quantity, reason: input.reason, note, answer: null } },
          eventId: id,
        },
        now,
      );
      await enqueueStaffAlert(trx, 'staff_exchange_request', { exchangeId: id }, now);
      return id;
    });
  } catch (err) {
    if (photoKey) await files.remove(photoKey).catch(() => {});
    if (isUniqueViolation(err, 'exchange_requests.order_item_id')) {
      throw conflict('exchangeAlreadyRequested', {}, 'order_item_id');
    }
    throw err;
  }
}

type LineNames = { name_en: string; name_zh: string; variant_name_en: string; variant_name_zh: string };

const lineNames = (line: LineNames): LineNames => ({
  name_en: line.name_en,
  name_zh: line.name_zh,
  variant_name_en: line.variant_name_en,
  variant_name_zh: line.variant_name_zh,
});

/** The bot notice's names of the line ("Oolong (100 g) × 2"), in both languages: the sender picks the customer's. */
function itemParams(line: LineNames, quantity: number) {
  const names = packagingNames(line, quantity);
  return { item_en: names.en, item_zh: names.zh };
}

/** The back office's list (every role that sees orders). */
export async function listForStaff(
  db: Db,
  lang: Lang,
  filter: { status?: ExchangeStatus; orderId?: number; cursor?: number; limit?: number },
) {
  const limit = adminLimit(filter.limit);
  const rows = await repo.listRequests(db, {
    status: filter.status,
    orderId: filter.orderId,
    before: filter.cursor,
    limit,
  });
  const { items, next_cursor } = keysetPage(rows, limit);
  const sign = await fileLinkSigner(db);
  return { requests: items.map((r) => adminView(sign, r, lang)), next_cursor };
}

/**
 * Staff approve (with what is sent instead) or decline (with the reason) an open request, once: the decision is a
 * conditional update, so of two decisions at once one wins and the other is refused (409). One transaction with the
 * audit entry (`exchange.approve` / `exchange.decline`) and the customer's bot notice and e-mail.
 */
/** 409: the request was approved or declined already (by someone else, or a moment ago). */
const alreadyDecided = (status: string | undefined) =>
  conflict(status === 'declined' ? 'exchangeAlreadyDeclined' : 'exchangeAlreadyApproved', {}, 'id');

export async function decideExchange(
  shop: Shop,
  actor: StaffActor,
  id: number,
  decision: { status: 'approved' | 'declined'; answer: string },
  lang: Lang,
): Promise<AdminExchangeRow> {
  const { db } = shop;
  const now = nowIso();
  await inTransaction(shop, async (tx) => {
    const trx = tx.db;
    const row = await repo.findRequest(trx, id);
    if (!row) throw notFound('exchangeNotFound', 'id');
    if (row.status !== 'requested') throw alreadyDecided(row.status);
    const won = await repo.decideRequest(trx, id, {
      status: decision.status,
      answer: decision.answer,
      decidedBy: actorUserId(actor),
      now,
    });
    if (!won) {
      throw alreadyDecided((await repo.findRequest(trx, id))?.status);
    }
    await recordAudit(
      trx,
      actor,
      {
        action: decision.status === 'approved' ? 'exchange.approve' : 'exchange.decline',
        entity: 'exchange',
        entityId: id,
        orderNo: row.order_no,
        before: { status: 'requested' },
        after: { status: decision.status, answer: decision.answer },
      },
      now,
    );
    await notifyOrder(
      tx,
      {
        userId: row.user_id,
        orderId: row.order_id,
        kind: decision.status === 'approved' ? 'exchange_approved' : 'exchange_declined',
        params: { ...itemParams(row, row.quantity), answer: decision.answer },
        mail: {
          exchange: {
            ...lineNames(row),
            quantity: row.quantity,
            reason: row.reason,
            note: row.note,
            answer: decision.answer,
          },
        },
        eventId: id,
      },
      now,
    );
  });
  const [row, sign] = await Promise.all([repo.findRequest(db, id), fileLinkSigner(db)]);
  if (!row) throw notFound('exchangeNotFound', 'id');
  return adminView(sign, row, lang);
}

/** The photo of a request for a verified link: its key, when the request has one and belongs to `userId`. */
export async function photoKeyFor(db: Db, id: number, userId: number): Promise<string | null> {
  const row = await repo.findPhoto(db, id);
  return row && row.user_id === userId ? row.photo_key : null;
}

/** One request with its order's line, or undefined (the bot's staff alert of a new request). */
export const exchangeRequest = (db: Db, id: number) => repo.findRequest(db, id);

/** How many requests wait for staff's decision (the dashboard). */
export const openExchangeRequests = (db: Db): Promise<number> => repo.openRequestCount(db);
