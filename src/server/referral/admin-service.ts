import { normalizeEmail } from '../../common/account-rules';
import {
  type AdminAgentRow,
  type AdminCommissionRow,
  type AdminPayoutRow,
  COMMISSION_TRANSITIONS,
  type CommissionAction,
  commissionActionsFor,
} from '../../common/contract/admin/affiliates';
import { COMMISSION_STATUSES, type CommissionStatus, type PayoutStatus } from '../../common/contract/referral';
import type { AdminMessageKey } from '../../common/i18n/admin-messages';
import { BANK_CHANGE_NOTICE_DAYS } from '../../common/referral-rules';
import { holdReasonSignals } from '../../common/referral-signals';
import { accountByEmail } from '../accounts/service';
import { actorUserId, type StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/service';
import type { Db } from '../db/connection';
import { withRetry } from '../db/errors';
import { conflict, invalidField, notFound } from '../lib/errors';
import { adminLimit, keysetPage } from '../lib/paging';
import { nowIso } from '../lib/time';
import { shopSettings } from '../settings/service';
import * as adminRepo from './admin-repository';
import * as commissionRepo from './commission-repository';
import { payCoveredCommissions } from './commission-service';
import * as repo from './repository';

/**
 * The back office's Affiliates rules (docs/decisions/013; contract src/common/contract/admin/affiliates.ts). The routes
 * (admin-routes.ts) and the operator's command line call these with the actor; every change is one transaction
 * with its audit-log entry.
 *
 * - Agents: make (by e-mail; default rate: the shop's `default_commission_rate_bp`), revoke (is_agent = 0: their
 *   commissions are kept and still follow their orders; they cannot request payouts until made an agent again),
 *   rate (for commissions earned from now on; a commission keeps the rate it was earned at).
 * - Commissions: Confirm, Hold, Cancel as COMMISSION_TRANSITIONS allow, each a conditional update (a concurrent
 *   change, e.g. the order being cancelled, makes the loser answer 409 with the status it found).
 * - Payout requests: a request reserves its amount of the agent's confirmed commissions (service.ts
 *   payoutEligibility). Mark as paid: the request is paid (with the bank reference) and the confirmed commissions
 *   it covers become Paid, oldest first. Reject: the request is rejected with a reason the agent sees, and its
 *   amount no longer counts against the balance, so the agent can request it again. Of a paid and a reject at
 *   once, exactly one wins (the agent's row is locked, then a conditional update on the request's status).
 */

/** The shop's default rate for a new agent (basis points), from its settings (settings/repository.ts). */
async function defaultRateBp(db: Db): Promise<number> {
  return (await shopSettings(db)).defaultCommissionRateBp;
}

function checkRate(rateBp: number | undefined, field = 'rate_bp'): void {
  if (rateBp !== undefined && (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000)) {
    throw invalidField(field, 'agentRateInvalid');
  }
}

// ---------------------------------------------------------------------------
// Agents
// ---------------------------------------------------------------------------

async function agentRows(
  db: Db,
  users: Array<{ id: number; email: string; nickname: string; is_agent: number; commission_rate_bp: number }>,
): Promise<AdminAgentRow[]> {
  const ids = users.map((u) => u.id);
  const [commissions, payouts, downlines] = await Promise.all([
    adminRepo.commissionSumsOf(db, ids),
    adminRepo.payoutSumsOf(db, ids),
    adminRepo.downlineCountsOf(db, ids),
  ]);
  return users.map((u) => {
    const commission_cents = Object.fromEntries(COMMISSION_STATUSES.map((s) => [s, 0])) as Record<
      CommissionStatus,
      number
    >;
    for (const c of commissions) if (c.agentId === u.id) commission_cents[c.status] += c.total;
    const payout = (status: PayoutStatus) =>
      payouts.filter((p) => p.agentId === u.id && p.status === status).reduce((sum, p) => sum + p.total, 0);
    const confirmed = commission_cents['Pending Payment'] + commission_cents.Paid;
    return {
      user_id: u.id,
      email: u.email,
      nickname: u.nickname,
      is_agent: u.is_agent === 1,
      rate_bp: u.commission_rate_bp,
      commission_cents,
      owed_cents: Math.max(0, confirmed - payout('paid')),
      requested_cents: payout('requested'),
      downlines: downlines.get(u.id) ?? 0,
    };
  });
}

async function agentRow(db: Db, userId: number): Promise<AdminAgentRow> {
  const user = await adminRepo.findAgentRow(db, userId);
  if (!user) throw notFound('agentNotFound');
  return (await agentRows(db, [user]))[0]!;
}

export async function listAgents(db: Db, opts: { q?: string; cursor?: number; limit?: number } = {}) {
  const limit = adminLimit(opts.limit);
  const rows = await adminRepo.listAgents(db, { q: opts.q, beforeId: opts.cursor, limit });
  const { items, next_cursor } = keysetPage(rows, limit);
  return { agents: await agentRows(db, items), next_cursor, default_rate_bp: await defaultRateBp(db) };
}

/**
 * Makes the account with `email` an agent at `rateBp` (default: the shop's default rate). An agent already keeps
 * its rate unless one is given. 404 at `email` when no account has it.
 */
export async function makeAgent(db: Db, actor: StaffActor, email: string, rateBp?: number) {
  checkRate(rateBp);
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const found = await accountByEmail(trx, normalizeEmail(email));
      if (!found) throw notFound('agentAccountNotFound', 'email');
      const user = (await repo.lockUser(trx, found.id))!;
      const wasAgent = user.is_agent === 1;
      const rate = rateBp ?? (wasAgent ? user.commission_rate_bp : await defaultRateBp(trx));
      if (!wasAgent || rate !== user.commission_rate_bp) {
        const now = nowIso();
        await adminRepo.setAgent(trx, user.id, { isAgent: true, rateBp: rate }, now);
        await recordAudit(
          trx,
          actor,
          {
            action: wasAgent ? 'agent.rate' : 'agent.make',
            entity: 'agent',
            entityId: user.id,
            before: { email: user.email, is_agent: wasAgent, rate_bp: user.commission_rate_bp },
            after: { email: user.email, is_agent: true, rate_bp: rate },
          },
          now,
        );
      }
      return { agent: await agentRow(trx, user.id), wasAgent };
    }),
  );
}

/** Revokes an agent (404 when the account is not one): no new commissions; the ones it has are kept. */
export async function revokeAgent(db: Db, actor: StaffActor, userId: number): Promise<AdminAgentRow> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const user = await repo.lockUser(trx, userId);
      if (user?.is_agent !== 1) throw notFound('agentNotFound', 'user_id');
      const now = nowIso();
      await adminRepo.setAgent(trx, user.id, { isAgent: false, rateBp: user.commission_rate_bp }, now);
      await recordAudit(
        trx,
        actor,
        {
          action: 'agent.revoke',
          entity: 'agent',
          entityId: user.id,
          before: { email: user.email, is_agent: true, rate_bp: user.commission_rate_bp },
          after: { email: user.email, is_agent: false, rate_bp: user.commission_rate_bp },
        },
        now,
      );
      return agentRow(trx, user.id);
    }),
  );
}

/** Changes an agent's rate for commissions earned from now on (404 when the account is not an agent). */
export async function setAgentRate(db: Db, actor: StaffActor, userId: number, rateBp: number): Promise<AdminAgentRow> {
  checkRate(rateBp);
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const user = await repo.lockUser(trx, userId);
      if (user?.is_agent !== 1) throw notFound('agentNotFound', 'user_id');
      if (user.commission_rate_bp !== rateBp) {
        const now = nowIso();
        await adminRepo.setAgent(trx, user.id, { isAgent: true, rateBp }, now);
        await recordAudit(
          trx,
          actor,
          {
            action: 'agent.rate',
            entity: 'agent',
            entityId: user.id,
            before: { email: user.email, rate_bp: user.commission_rate_bp },
            after: { email: user.email, rate_bp: rateBp },
          },
          now,
        );
      }
      return agentRow(trx, user.id);
    }),
  );
}

// ---------------------------------------------------------------------------
// Commissions
// ---------------------------------------------------------------------------

const commissionRow = (c: adminRepo.CommissionListRow): AdminCommissionRow => ({
  id: c.id,
  agent: { id: c.agent_id, email: c.agent_email, nickname: c.agent_nickname },
  order_no: c.order_no,
  downline: { id: c.downline_id, email: c.downline_email, nickname: c.downline_nickname },
  base_cents: Number(c.base_cents),
  amount_cents: c.amount_cents,
  rate_bp: c.rate_bp,
  status: c.status,
  hold_reason: c.status === 'On Hold' ? holdReasonSignals(c.hold_reason) : [],
  actions: commissionActionsFor(c.status),
  created_at: c.created_at,
  updated_at: c.updated_at,
});

/** The agent named by e-mail in a list filter: its id, or null when no account has it (the list is then empty). */
async function agentFilter(db: Db, email: string | undefined): Promise<number | null | undefined> {
  if (email === undefined) return undefined;
  return (await accountByEmail(db, normalizeEmail(email)))?.id ?? null;
}

export async function listCommissions(
  db: Db,
  opts: { status?: CommissionStatus; agent?: string; cursor?: number; limit?: number } = {},
) {
  const limit = adminLimit(opts.limit);
  const agentId = await agentFilter(db, opts.agent);
  if (agentId === null) return { commissions: [], next_cursor: null };
  const rows = await adminRepo.listCommissions(db, { status: opts.status, agentId, beforeId: opts.cursor, limit });
  const { items, next_cursor } = keysetPage(rows, limit);
  return { commissions: items.map(commissionRow), next_cursor };
}

const REFUSAL: Record<CommissionAction, AdminMessageKey> = {
  confirm: 'commissionCannotConfirm',
  hold: 'commissionCannotHold',
  cancel: 'commissionCannotCancel',
};

/**
 * Confirm, Hold or Cancel a commission. 404 when unknown; 409 when its status does not allow the action, also
 * when another change (the order's cancel, another staff member) got there first.
 */
export async function changeCommissionStatus(
  db: Db,
  actor: StaffActor,
  commissionId: number,
  action: CommissionAction,
): Promise<AdminCommissionRow> {
  const { from, to } = COMMISSION_TRANSITIONS[action];
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await adminRepo.findCommission(trx, commissionId);
      if (!before) throw notFound('commissionNotFound', 'commission_id');
      if (!from.includes(before.status)) throw conflict(REFUSAL[action], { status: before.status });
      const now = nowIso();
      const moved = await commissionRepo.moveCommissions(trx, { id: commissionId }, from, to, now);
      if (!moved) {
        const current = await adminRepo.findCommission(trx, commissionId);
        throw conflict(REFUSAL[action], { status: current?.status ?? before.status });
      }
      await recordAudit(
        trx,
        actor,
        {
          action: `commission.${action}`,
          entity: 'commission',
          entityId: commissionId,
          orderNo: before.order_no,
          before: { status: before.status },
          after: { status: to, agent: before.agent_email, amount_cents: before.amount_cents },
        },
        now,
      );
      return commissionRow((await adminRepo.findCommission(trx, commissionId))!);
    }),
  );
}

// ---------------------------------------------------------------------------
// Payout requests
// ---------------------------------------------------------------------------

const payoutRow = (p: adminRepo.PayoutListRow): AdminPayoutRow => ({
  id: p.id,
  agent: { id: p.agent_id, email: p.agent_email, nickname: p.agent_nickname },
  amount_cents: p.amount_cents,
  status: p.status,
  requested_at: p.requested_at,
  paid_at: p.paid_at,
  decided_at: p.decided_at,
  decided_by: p.decided_by_email ?? (p.decided_at ? 'command line' : null),
  reference: p.reference,
  reject_reason: p.reject_reason,
  ...payoutBank(p),
});

/**
 * Where a payout goes and what staff should know of it (docs/decisions/031): the account kept with the request, the
 * agent's account now, whether they differ, and whether the agent changed it within BANK_CHANGE_NOTICE_DAYS.
 */
function payoutBank(p: adminRepo.PayoutListRow, now = Date.now()) {
  const bank = {
    bank_name: p.bank_name,
    bank_account_name: p.bank_account_name,
    bank_account_number: p.bank_account_number,
  };
  const bank_now = {
    bank_name: p.agent_bank_name,
    bank_account_name: p.agent_bank_account_name,
    bank_account_number: p.agent_bank_account_number,
  };
  const changedAt = p.bank_changed_at ? Date.parse(p.bank_changed_at) : Number.NaN;
  return {
    bank,
    bank_now,
    bank_changed_since_request: (Object.keys(bank) as Array<keyof typeof bank>).some((k) => bank[k] !== bank_now[k]),
    bank_changed_at: p.bank_changed_at,
    bank_recently_changed: now - changedAt < BANK_CHANGE_NOTICE_DAYS * 24 * 60 * 60 * 1000,
  };
}

export async function listPayouts(
  db: Db,
  opts: { status?: PayoutStatus; agent?: string; cursor?: number; limit?: number } = {},
) {
  const limit = adminLimit(opts.limit);
  const agentId = await agentFilter(db, opts.agent);
  if (agentId === null) return { payouts: [], next_cursor: null };
  const rows = await adminRepo.listPayouts(db, { status: opts.status, agentId, beforeId: opts.cursor, limit });
  const { items, next_cursor } = keysetPage(rows, limit);
  return { payouts: items.map(payoutRow), next_cursor };
}

async function decide(
  db: Db,
  actor: StaffActor,
  payoutId: number,
  decision: { status: 'paid'; reference: string | null } | { status: 'rejected'; reason: string },
): Promise<{ payout: AdminPayoutRow; commissionsPaid: number[] }> {
  return withRetry(() =>
    db.transaction().execute(async (trx) => {
      const found = await adminRepo.findPayout(trx, payoutId);
      if (!found) throw notFound('payoutNotFound', 'payout_id');
      // The agent's row first (like requesting a payout), so decisions and requests of one agent run in turn.
      await repo.lockUser(trx, found.agent_id);
      const now = nowIso();
      const by = actorUserId(actor);
      const decided =
        decision.status === 'paid'
          ? await adminRepo.decidePayout(trx, payoutId, { status: 'paid', reference: decision.reference, by, now })
          : await adminRepo.decidePayout(trx, payoutId, { status: 'rejected', reason: decision.reason, by, now });
      if (!decided) {
        const current = await adminRepo.findPayout(trx, payoutId);
        throw conflict('payoutAlreadyDecided', { status: current?.status ?? found.status });
      }
      const commissionsPaid = decision.status === 'paid' ? await payCoveredCommissions(trx, found.agent_id, now) : [];
      await recordAudit(
        trx,
        actor,
        {
          action: decision.status === 'paid' ? 'payout.paid' : 'payout.reject',
          entity: 'payout',
          entityId: payoutId,
          before: { status: 'requested', agent: found.agent_email, amount_cents: found.amount_cents },
          after:
            decision.status === 'paid'
              ? { status: 'paid', reference: decision.reference, commissions_paid: commissionsPaid }
              : { status: 'rejected', reason: decision.reason },
        },
        now,
      );
      return { payout: payoutRow((await adminRepo.findPayout(trx, payoutId))!), commissionsPaid };
    }),
  );
}

/** Mark as paid (409 unless requested): the agent's confirmed commissions it covers become Paid. */
export async function markPayoutPaid(db: Db, actor: StaffActor, payoutId: number, reference?: string | null) {
  return decide(db, actor, payoutId, { status: 'paid', reference: reference?.trim() || null });
}

/** Reject with a reason the agent sees (409 unless requested); the amount can be requested again. */
export async function rejectPayout(db: Db, actor: StaffActor, payoutId: number, reason: string) {
  const text = reason.trim();
  if (!text) throw invalidField('reason', 'payoutRejectReasonRequired');
  return decide(db, actor, payoutId, { status: 'rejected', reason: text });
}
