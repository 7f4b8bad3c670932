import { createHash } from 'node:crypto';
import { MAX_ROW_ID } from '../../common/contract/fields';
import type {
  AffiliateDashboard,
  CommissionStatus,
  PayoutEligibility,
  PayoutRow,
  PayoutStatus,
} from '../../common/contract/referral';
import { REFERRAL_LIST_LIMIT } from '../../common/contract/referral';
import { formatCents } from '../../common/money';
import type { Db } from '../db/connection';
import type { User } from '../db/schema';
import { clientAddressKey } from '../lib/client-address';
import { conflict, forbidden, invalidField, notFound, tooManyRequests } from '../lib/errors';
import { keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { enqueueStaffAlert } from '../notifications/staff-alerts';
import * as rateLimit from '../rate-limits/rate-limit';
import { shopSettings } from '../settings/service';
import * as awardRepo from './award-repository';
import * as repo from './repository';

// Rules of the referral and affiliate programmes (see src/common/contract/referral.ts).

/** The shop's public origin: PUBLIC_URL when set, else the origin the request came to. */
export function shopOrigin(publicUrl: string | undefined, protocol: string, host: string): string {
  return (publicUrl ?? `${protocol}://${host}`).replace(/\/+$/, '');
}

export const referralLinkOf = (origin: string, code: string) => `${origin}/${encodeURIComponent(code)}`;

/** Parses a list cursor (the last id of the previous page). */
export function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(cursor)) throw invalidField('cursor', 'invalidCursor');
  const id = Number(cursor);
  // The id goes into SQL: one no column can hold (PostgreSQL would fail the query) is a bad cursor.
  if (!Number.isSafeInteger(id) || id > MAX_ROW_ID) throw invalidField('cursor', 'invalidCursor');
  return id;
}

/** Cuts a page fetched with `limit + 1` rows and gives the next cursor (the shop's lists' cursors are text). */
export function page<T extends { id: number }>(rows: T[], limit: number): { items: T[]; next_cursor: string | null } {
  const { items, next_cursor } = keysetPage(rows, limit);
  return { items, next_cursor: next_cursor === null ? null : String(next_cursor) };
}

const limitOf = (limit: number | undefined) => limit ?? REFERRAL_LIST_LIMIT.default;

// ---------------------------------------------------------------------------
// Visits
// ---------------------------------------------------------------------------

/** A stable visitor key for a client that sent none: a hash of its address and browser. */
export function derivedVisitorKey(ip: string, userAgent: string | undefined): string {
  return `ip-${createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('base64url')
    .slice(0, 40)}`;
}

/** Finds the owner of a code as typed (exact, then upper case); 404 when there is none. */
/**
 * Whether a referral code is someone's (as `recordVisit` reads it): a read only, so the page of an unknown code can
 * answer 404 without recording anything (docs/decisions/055).
 */
export async function isKnownCode(db: Db, code: string): Promise<boolean> {
  return (
    (await repo.findUserByCode(db, code)) !== undefined ||
    (await repo.findUserByCode(db, code.toUpperCase())) !== undefined
  );
}

async function ownerOfCode(db: Db, code: string) {
  const owner = (await repo.findUserByCode(db, code)) ?? (await repo.findUserByCode(db, code.toUpperCase()));
  if (!owner) throw notFound('referralCodeNotFound');
  return owner;
}

/**
 * Visitors a link owner has never seen before, per client address: a visitor key is whatever the client sends (or a
 * hash of its address and browser), so without this one script could inflate anyone's visit counts at will. A known
 * visitor (a visit of this owner's links under the same key) is not counted again.
 */
export const VISIT_LIMITS = { newVisitorsPerAddress: 30, windowMinutes: 60 } as const;
export const visitLimitKey = (ip: string): string => `visit:ip:${clientAddressKey(ip)}`;

/**
 * Records a visit (once per visitor, owner and day). A visitor the owner has not seen before counts against
 * VISIT_LIMITS for the client's address; beyond it the visit is not recorded and the answer is 429 'visitNotRecorded'.
 */
export async function recordVisit(
  db: Db,
  visit: { code: string; link?: string; origin?: string; visitorKey: string; viewerId: number | null; ip: string },
): Promise<{ recorded: boolean; code: string }> {
  const owner = await ownerOfCode(db, visit.code);
  if (visit.viewerId === owner.id) return { recorded: false, code: owner.referral_code };
  let counted: { key: string; windowStart: string } | undefined;
  if (!(await repo.isKnownVisitor(db, owner.id, visit.visitorKey))) {
    const key = visitLimitKey(visit.ip);
    const attempt = await rateLimit.hit(db, key, VISIT_LIMITS.newVisitorsPerAddress, VISIT_LIMITS.windowMinutes);
    if (!attempt.allowed) throw tooManyRequests('visitNotRecorded', { minutes: attempt.retryMinutes });
    counted = { key, windowStart: attempt.windowStart };
  }
  const recorded = await repo.insertVisit(db, {
    referrer_id: owner.id,
    link: visit.link ?? `/${owner.referral_code}`,
    origin: visit.origin ?? 'direct',
    visitor_key: visit.visitorKey,
    created_at: nowIso(),
  });
  // The same new visitor twice at once: only the visit that was written counts.
  if (!recorded && counted) await rateLimit.release(db, counted.key, counted.windowStart);
  return { recorded, code: owner.referral_code };
}

/**
 * For the accounts code, when a user registers with an upline found through a referral code: marks
 * this visitor's latest visit of the upline's links as converted, or records a converted visit when
 * none was recorded (the code was typed, or the visit came from another device). Call it inside the
 * registration's transaction.
 */
export async function recordConversion(
  trx: Db,
  conversion: { referrerId: number; userId: number; visitorKey?: string | null; link?: string; origin?: string },
): Promise<void> {
  const at = nowIso();
  if (conversion.visitorKey) {
    const converted = await repo.convertLatestVisit(
      trx,
      conversion.referrerId,
      conversion.visitorKey,
      conversion.userId,
      at,
    );
    if (converted) return;
  }
  const referrer = await repo.findUser(trx, conversion.referrerId);
  if (!referrer) return;
  await repo.insertConvertedVisit(trx, {
    referrer_id: referrer.id,
    link: conversion.link ?? `/login/${referrer.referral_code}`,
    origin: conversion.origin ?? 'register',
    user_id: conversion.userId,
    at,
  });
}

// ---------------------------------------------------------------------------
// Referral members and their award
// ---------------------------------------------------------------------------

/**
 * The caller's referred members with the award really credited for each (award-service.ts: when a member's first
 * order completes), the total credited, and the award a new member's first order earns now (the setting).
 */
export async function memberAward(db: Db, userId: number, cursor: string | undefined, limitInput?: number) {
  const limit = limitOf(limitInput);
  const beforeId = parseCursor(cursor);
  const [award, totals, rows] = await Promise.all([
    shopSettings(db).then((s) => s.referralAwardCents),
    repo.memberTotals(db, userId),
    repo.listMembers(db, userId, beforeId, limit),
  ]);
  const { items, next_cursor } = page(rows, limit);
  const credited = await awardRepo.referralAwards(
    db,
    userId,
    items.map((m) => m.id),
  );
  return {
    members: items.map((m) => {
      const award = credited.perMember.get(m.id);
      return {
        id: m.id,
        nickname: m.nickname,
        joined_at: m.created_at,
        via: m.joined_via,
        status: m.active ? ('Active' as const) : ('Inactive' as const),
        // What was credited; an award On Hold (or refused) is shown with its status and credits nothing.
        award_cents: award?.status === 'credited' ? award.amount_cents : 0,
        award_status: award?.status ?? null,
      };
    }),
    next_cursor,
    total_members: totals.total,
    active_members: totals.active,
    award_per_member_cents: award,
    total_award_cents: credited.total,
  };
}

// ---------------------------------------------------------------------------
// Affiliate
// ---------------------------------------------------------------------------

/** Affiliate paths are for agents only. */
export function requireAgent(user: Pick<User, 'is_agent'>): void {
  if (user.is_agent !== 1) throw forbidden();
}

type BankHolder = Pick<User, 'bank_name' | 'bank_account_name' | 'bank_account_number'>;
const hasBank = (u: BankHolder) => Boolean(u.bank_name && u.bank_account_name && u.bank_account_number);

/**
 * What an agent may request now: confirmed commissions ('Pending Payment' + 'Paid') minus every payout
 * requested so far; allowed once one commission is confirmed and bank details are set.
 */
export async function payoutEligibility(db: Db, agent: Pick<User, 'id'> & BankHolder): Promise<PayoutEligibility> {
  const [sums, requested, confirmed] = await Promise.all([
    repo.commissionSums(db, agent.id),
    repo.payoutSum(db, agent.id),
    repo.hasConfirmedCommission(db, agent.id),
  ]);
  const confirmedTotal = repo.CONFIRMED_STATUSES.reduce((s, st) => s + (sums.get(st) ?? 0), 0);
  const available = Math.max(0, confirmedTotal - requested);
  const reason = !confirmed ? 'no_confirmed_commission' : !hasBank(agent) ? 'no_bank_details' : null;
  return { allowed: reason === null, reason, available_cents: available };
}

/**
 * The agent's commissions not paid out yet (the dashboard's "pending"): what deleting the account forfeits
 * (docs/decisions/050).
 */
export async function unpaidCommissionCents(db: Db, agentId: number): Promise<number> {
  const sums = await repo.commissionSums(db, agentId);
  return repo.OPEN_STATUSES.reduce((s, st) => s + (sums.get(st) ?? 0), 0);
}

export async function dashboard(db: Db, agent: User, origin: string): Promise<AffiliateDashboard> {
  const [sums, visits, members, payout] = await Promise.all([
    repo.commissionSums(db, agent.id),
    repo.visitTotals(db, agent.id),
    repo.memberTotals(db, agent.id),
    payoutEligibility(db, agent),
  ]);
  const sum = (statuses: CommissionStatus[]) => statuses.reduce((s, st) => s + (sums.get(st) ?? 0), 0);
  return {
    code: agent.referral_code,
    link: referralLinkOf(origin, agent.referral_code),
    rate_bp: agent.commission_rate_bp,
    commission_total_cents: sum(['Not Confirm', 'On Hold', 'Pending Payment', 'Paid']),
    commission_paid_cents: sum(['Paid']),
    commission_pending_cents: sum(repo.OPEN_STATUSES),
    visits: visits.visits,
    conversions: visits.conversions,
    downlines: members.total,
    payout,
    bank: {
      bank_name: agent.bank_name,
      bank_account_name: agent.bank_account_name,
      bank_account_number: agent.bank_account_number,
    },
  };
}

const PAYOUT_LABEL = { requested: 'Requested', paid: 'Paid', rejected: 'Rejected' } as const;

const payoutRow = (p: {
  id: number;
  amount_cents: number;
  requested_at: string;
  paid_at: string | null;
  status: PayoutStatus;
  reference: string | null;
  reject_reason: string | null;
}): PayoutRow => ({
  id: p.id,
  amount_cents: p.amount_cents,
  requested_at: p.requested_at,
  paid_at: p.paid_at,
  status: PAYOUT_LABEL[p.status],
  reference: p.reference,
  reject_reason: p.reject_reason,
});

/**
 * Requests a payout. Under a lock on the agent's row the eligibility and the balance are read and the
 * request inserted in one transaction, so concurrent requests can never exceed the balance.
 */
export async function requestPayout(db: Db, agentId: number, amountCents: number) {
  return db.transaction().execute(async (trx) => {
    const agent = await repo.lockUser(trx, agentId);
    if (!agent) throw forbidden();
    requireAgent(agent);
    const eligibility = await payoutEligibility(trx, agent);
    if (eligibility.reason === 'no_confirmed_commission') throw conflict('payoutNotAllowedYet');
    if (eligibility.reason === 'no_bank_details') throw conflict('bankDetailsRequired');
    if (amountCents > eligibility.available_cents) {
      throw invalidField('amount_cents', 'payoutOverBalance', { amount: formatCents(eligibility.available_cents) });
    }
    // The account it goes to is kept with the request: a later change of bank details does not redirect it.
    const bank = {
      bank_name: agent.bank_name,
      bank_account_name: agent.bank_account_name,
      bank_account_number: agent.bank_account_number,
    };
    const payout = await repo.insertPayout(trx, agentId, amountCents, bank, nowIso());
    await enqueueStaffAlert(trx, 'staff_payout_request', { payoutId: payout.id });
    return { payout: payoutRow(payout), available_cents: eligibility.available_cents - amountCents };
  });
}

export async function payoutList(db: Db, agent: User, cursor: string | undefined, limitInput?: number) {
  const limit = limitOf(limitInput);
  const [rows, payout] = await Promise.all([
    repo.listPayouts(db, agent.id, parseCursor(cursor), limit),
    payoutEligibility(db, agent),
  ]);
  const { items, next_cursor } = page(rows, limit);
  return { payouts: items.map(payoutRow), next_cursor, payout };
}

export async function commissionList(
  db: Db,
  agentId: number,
  opts: { cursor?: string; limit?: number; status?: CommissionStatus },
) {
  const limit = limitOf(opts.limit);
  const rows = await repo.listCommissions(db, agentId, {
    beforeId: parseCursor(opts.cursor),
    limit,
    status: opts.status,
  });
  const { items, next_cursor } = page(rows, limit);
  return {
    commissions: items.map((c) => ({ ...c, base_cents: Number(c.base_cents), status: c.status })),
    next_cursor,
  };
}

export async function visitList(db: Db, agentId: number, cursor: string | undefined, limitInput?: number) {
  const limit = limitOf(limitInput);
  const { items, next_cursor } = page(await repo.listVisits(db, agentId, parseCursor(cursor), limit), limit);
  return { visits: items, next_cursor };
}

export async function downlineList(db: Db, agentId: number, cursor: string | undefined, limitInput?: number) {
  const limit = limitOf(limitInput);
  const { items, next_cursor } = page(await repo.listMembers(db, agentId, parseCursor(cursor), limit), limit);
  return {
    downlines: items.map((d) => ({
      id: d.id,
      nickname: d.nickname,
      joined_at: d.created_at,
      via: d.joined_via,
      remark: d.remark,
    })),
    next_cursor,
  };
}

/**
 * A referral link to a page of the shop: home gives `{origin}/{code}`, any other page
 * `{origin}{path}?ref={code}`. Anything off the shop's origin is refused.
 */
export function affiliateLink(origin: string, code: string, path: string): string {
  const base = new URL(`${origin}/`);
  let url: URL;
  try {
    url = new URL(path.trim(), base);
  } catch {
    throw invalidField('path', 'linkNotInShop');
  }
  if (url.origin !== base.origin || url.username || url.password) throw invalidField('path', 'linkNotInShop');
  url.searchParams.delete('ref');
  if ((url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '') {
    return referralLinkOf(origin, code);
  }
  url.searchParams.set('ref', code);
  return url.toString();
}
