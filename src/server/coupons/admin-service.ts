import { normalizeCouponCode } from '../../common/checkout-rules';
import {
  type AdminCoupon,
  type AdminCouponRedemption,
  COUPON_REDEMPTIONS_SHOWN,
} from '../../common/contract/admin/coupons';
import { type CouponDraft, type CouponState, couponDraftProblems, couponState } from '../../common/coupon-rules';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { isUniqueViolation, withRetry } from '../db/errors';
import { conflict, notFound, unprocessable } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { addDaysToDate, localDate, startOfDay } from '../lib/shop-days';
import { nowIso } from '../lib/time';
import * as repo from './admin-repository';
import * as shopRepo from './repository';
import type { CouponRow } from './service';

/**
 * Coupons as staff make and change them (docs/decisions/015; contract src/common/contract/admin/coupons.ts). Every
 * change is one transaction with its audit-log entry (`coupon.create`, `coupon.update` with the fields before and
 * after, `coupon.pause`, `coupon.resume`).
 *
 * Edits racing use: an edit, a pause or a resume locks the coupon's row first (repository.ts lockCoupon, `edit`),
 * and placing an order locks the same row before it checks the coupon and counts a use (orders/place-order.ts). So they are serialized on that row:
 * - an order that locked first is placed under the coupon as it was, and the edit waits for it, then sees its use
 *   (a total limit lowered to the uses so far is checked against them, with the order counted);
 * - an order that comes after the edit checks the coupon as edited: paused → refused, a new total or per-customer
 *   limit, new dates or a new minimum spend → applied; its discount is the edited value.
 * Orders already placed keep the discount they recorded.
 *
 * Days are the shop's (`SHOP_TIMEZONE`): a start day is stored as its first instant there, an end day as the
 * first instant of the next day (the shop treats `ends_at` as exclusive), so the coupon works through the end day.
 */

/** The shop day an instant falls on; for an exclusive end, the day before it (its last day). */
const dayOf = (zone: string, iso: string | null, exclusiveEnd = false): string | null =>
  iso === null ? null : localDate(zone, Date.parse(iso) - (exclusiveEnd ? 1 : 0));

const startInstant = (zone: string, day: string) => new Date(startOfDay(zone, day)).toISOString();
const endInstant = (zone: string, day: string) => new Date(startOfDay(zone, addDaysToDate(day, 1))).toISOString();

export function toAdminCoupon(c: CouponRow, zone: string, now = nowIso()): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.value,
    min_spend_cents: c.min_spend_cents,
    starts_at: c.starts_at,
    ends_at: c.ends_at,
    starts_on: dayOf(zone, c.starts_at),
    ends_on: dayOf(zone, c.ends_at, true),
    usage_limit: c.usage_limit,
    per_user_limit: c.per_user_limit,
    used_count: c.used_count,
    is_active: c.is_active === 1,
    state: couponState(c, now),
    created_at: c.created_at,
  };
}

/** What the audit log keeps of a coupon: its rules as stored. */
const audited = (c: CouponRow) => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  min_spend_cents: c.min_spend_cents,
  starts_at: c.starts_at,
  ends_at: c.ends_at,
  usage_limit: c.usage_limit,
  per_user_limit: c.per_user_limit,
  is_active: c.is_active === 1,
});

export async function listCoupons(
  db: Db,
  zone: string,
  opts: { q?: string; state?: CouponState; cursor?: number; limit?: number },
): Promise<{ coupons: AdminCoupon[]; next_cursor: number | null }> {
  const limit = adminLimit(opts.limit);
  const now = nowIso();
  const rows = await repo.listCoupons(db, {
    q: opts.q?.trim() || undefined,
    state: opts.state,
    now,
    before: opts.cursor,
    limit,
  });
  const { items, next_cursor } = keysetPage(rows, limit);
  return { coupons: items.map((c) => toAdminCoupon(c, zone, now)), next_cursor };
}

/** One coupon with its newest uses and how many there are. 404 naming `id` when there is none. */
export async function getCoupon(db: Db, zone: string, couponId: number) {
  const row = await shopRepo.findCoupon(db, couponId);
  if (!row) throw notFound('couponMissing', 'id');
  const [latest, total] = await Promise.all([
    repo.latestRedemptions(db, couponId, COUPON_REDEMPTIONS_SHOWN),
    repo.countRedemptions(db, couponId),
  ]);
  const redemptions: AdminCouponRedemption[] = latest.map((r) => ({
    order_no: r.order_no,
    customer: { id: r.user_id, email: r.email, nickname: r.nickname },
    discount_cents: r.coupon_discount_cents,
    used_at: r.created_at,
  }));
  return { coupon: toAdminCoupon(row, zone), redemptions, redemptions_total: total };
}

/** Refuses a draft that breaks a rule (422, every field at fault at once), with the uses so far for an edit. */
function checkDraft(draft: CouponDraft, usedCount = 0): void {
  const problems = couponDraftProblems(draft, usedCount);
  if (problems.length) throw unprocessable(problems[0]!.key, { used: usedCount }, problems);
}

/** A draft's stored columns (dates as the instants of their shop days). */
function columnsOf(draft: CouponDraft, zone: string) {
  return {
    code: normalizeCouponCode(draft.code),
    kind: draft.kind,
    value: draft.value,
    min_spend_cents: draft.min_spend_cents,
    starts_at: draft.starts_on ? startInstant(zone, draft.starts_on) : null,
    ends_at: draft.ends_on ? endInstant(zone, draft.ends_on) : null,
    usage_limit: draft.usage_limit ?? null,
    per_user_limit: draft.per_user_limit ?? null,
  };
}

/** 409 at `code` when another coupon has the code (checked first; the unique key settles a race). */
const codeTaken = (code: string) => conflict('couponCodeTaken', { code }, 'code');

async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, repo.COUPON_CODE_UNIQUE)) throw codeTaken(code);
    throw err;
  }
}

/** New coupon, active at once (from its start day). */
export async function createCoupon(db: Db, actor: StaffActor, zone: string, draft: CouponDraft): Promise<AdminCoupon> {
  checkDraft(draft);
  const values = columnsOf(draft, zone);
  const created = await uniqueCode(values.code, () =>
    withRetry(() =>
      db.transaction().execute(async (trx) => {
        if (await repo.codeTaken(trx, values.code)) throw codeTaken(values.code);
        const now = nowIso();
        const row = await repo.insertCoupon(trx, { ...values, is_active: 1, created_at: now });
        await recordAudit(
          trx,
          actor,
          { action: 'coupon.create', entity: 'coupon', entityId: row.id, after: audited(row) },
          now,
        );
        return row;
      }),
    ),
  );
  return toAdminCoupon(created, zone);
}

/**
 * Replaces a coupon's fields. A date whose day did not change keeps its exact instant (a coupon made elsewhere may
 * end at any time of day). Audited with the fields that changed, before and after; nothing changed writes nothing.
 */
export async function updateCoupon(
  db: Db,
  actor: StaffActor,
  zone: string,
  couponId: number,
  draft: CouponDraft,
): Promise<AdminCoupon> {
  const saved = await uniqueCode(normalizeCouponCode(draft.code), () =>
    withRetry(() =>
      db.transaction().execute(async (trx) => {
        const before = await shopRepo.lockCoupon(trx, couponId, 'edit');
        if (!before) throw notFound('couponMissing', 'id');
        // Checked under the lock: the uses so far include every order placed before this edit.
        checkDraft(draft, before.used_count);
        const values = columnsOf(draft, zone);
        if (draft.starts_on === dayOf(zone, before.starts_at)) values.starts_at = before.starts_at;
        if (draft.ends_on === dayOf(zone, before.ends_at, true)) values.ends_at = before.ends_at;
        if (values.code !== before.code && (await repo.codeTaken(trx, values.code, couponId))) {
          throw codeTaken(values.code);
        }
        const was = audited(before);
        const changed = (Object.keys(values) as Array<keyof typeof values>).filter((k) => values[k] !== was[k]);
        if (!changed.length) return before;
        const now = nowIso();
        const after = await repo.updateCoupon(trx, couponId, values);
        const pick = (o: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, o[k]]));
        await recordAudit(
          trx,
          actor,
          {
            action: 'coupon.update',
            entity: 'coupon',
            entityId: couponId,
            // The uses so far when the edit took effect (orders placed before it), on both sides.
            before: { code: before.code, used_count: before.used_count, ...pick(was) },
            after: { code: after.code, used_count: after.used_count, ...pick(audited(after)) },
          },
          now,
        );
        return after;
      }),
    ),
  );
  return toAdminCoupon(saved, zone);
}

/**
 * Pauses (`active` false) or resumes a coupon. Pausing waits for an order that is using the coupon at that moment
 * (it is placed); no order that comes after uses it. Doing it again changes nothing and writes nothing.
 */
export async function setCouponActive(
  db: Db,
  actor: StaffActor,
  zone: string,
  couponId: number,
  active: boolean,
): Promise<{ coupon: AdminCoupon; changed: boolean }> {
  const { row, changed } = await withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await shopRepo.lockCoupon(trx, couponId, 'edit');
      if (!before) throw notFound('couponMissing', 'id');
      if ((before.is_active === 1) === active) return { row: before, changed: false };
      const now = nowIso();
      const after = await repo.updateCoupon(trx, couponId, { is_active: active ? 1 : 0 });
      await recordAudit(
        trx,
        actor,
        {
          action: active ? 'coupon.resume' : 'coupon.pause',
          entity: 'coupon',
          entityId: couponId,
          before: { code: before.code, is_active: !active, used_count: before.used_count },
          after: { code: after.code, is_active: active, used_count: after.used_count },
        },
        now,
      );
      return { row: after, changed: true };
    }),
  );
  return { coupon: toAdminCoupon(row, zone), changed };
}
