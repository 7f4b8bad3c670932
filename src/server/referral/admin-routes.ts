import type { FastifyInstance } from 'fastify';
import * as contract from '../../common/contract/admin/affiliates';
import { formatCents } from '../../common/money';
import { route } from '../lib/endpoint';
import * as service from './admin-service';
import { decideHeldAward, listAwards } from './award-service';

/**
 * The back office's Affiliates paths (permission `affiliates`): agents, commissions, payout requests, referral awards.
 * HTTP only.
 */
export default async function affiliateAdminRoutes(app: FastifyInstance) {
  const percent = (rateBp: number) => rateBp / 100;

  route(app, contract.adminAgentsList, ({ input }) => service.listAgents(app.db, input));

  route(app, contract.adminMakeAgent, async ({ input, staff, say }) => {
    const { agent } = await service.makeAgent(app.db, staff, input.email, input.rate_bp);
    say('agentSaved', { email: agent.email, rate: percent(agent.rate_bp) });
    return agent;
  });

  route(app, contract.adminRevokeAgent, async ({ input, staff, say }) => {
    const agent = await service.revokeAgent(app.db, staff, input.user_id);
    say('agentRevoked', { email: agent.email });
    return agent;
  });

  route(app, contract.adminAgentRate, async ({ input, staff, say }) => {
    const agent = await service.setAgentRate(app.db, staff, input.user_id, input.rate_bp);
    say('agentRateChanged', { rate: percent(agent.rate_bp) });
    return agent;
  });

  route(app, contract.adminCommissionsList, ({ input }) => service.listCommissions(app.db, input));

  route(app, contract.adminCommissionStatus, async ({ input, staff, say }) => {
    const row = await service.changeCommissionStatus(app.db, staff, input.commission_id, input.action);
    say(
      ({ confirm: 'commissionConfirmed', hold: 'commissionHeld', cancel: 'commissionCanceled' } as const)[input.action],
    );
    return row;
  });

  route(app, contract.adminPayoutsList, ({ input }) => service.listPayouts(app.db, input));

  route(app, contract.adminPayoutPaid, async ({ input, staff, say }) => {
    const { payout } = await service.markPayoutPaid(app.db, staff, input.payout_id, input.reference);
    say('payoutMarkedPaid', { amount: formatCents(payout.amount_cents) });
    return payout;
  });

  route(app, contract.adminPayoutReject, async ({ input, staff, say }) => {
    const { payout } = await service.rejectPayout(app.db, staff, input.payout_id, input.reason);
    say('payoutRejected');
    return payout;
  });

  route(app, contract.adminAwardsList, ({ input }) => listAwards(app.db, input));

  route(app, contract.adminAwardDecision, async ({ input, staff, say }) => {
    const award = await decideHeldAward(app.db, staff, input.member_id, input.decision);
    if (input.decision === 'release') say('awardReleased', { amount: formatCents(award.amount_cents) });
    else say('awardRefused');
    return award;
  });
}
