import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  generateAffiliateLink,
  getAffiliateDashboard,
  getAgentDownlines,
  getCommissionData,
  getPayoutRequests,
  getReferralLink,
  getReferralLinkCustomerVersion,
  getReferralMemberAward,
  getReferralVisitData,
  recordVisit,
  requestPayout,
  updateCommissionBank,
} from '../../common/contract/referral';
import { changeBankDetails } from '../accounts/bank-details';
import { type Auth, route } from '../lib/endpoint';
import * as service from './service';

/** The caller of a 'user' path, who must be an agent (403 otherwise). */
function agent(auth: Auth): Auth['user'] {
  const user = auth.user;
  service.requireAgent(user);
  return user;
}

export default async function referralRoutes(app: FastifyInstance) {
  const origin = (req: FastifyRequest) => service.shopOrigin(app.config.PUBLIC_URL, req.protocol, req.host);

  // Referral (every customer)
  route(app, recordVisit, ({ input, auth, req }) =>
    service.recordVisit(app.db, {
      code: input.code,
      link: input.link,
      origin: input.origin,
      visitorKey: input.visitor_key ?? service.derivedVisitorKey(req.ip, req.headers['user-agent']),
      viewerId: auth?.user.id ?? null,
      ip: req.ip,
    }),
  );
  route(app, getReferralLink, async ({ auth, req }) => {
    const { referral_code: code } = auth.user;
    return { code, link: service.referralLinkOf(origin(req), code) };
  });
  route(app, getReferralLinkCustomerVersion, async ({ auth, req }) => {
    const { referral_code: code } = auth.user;
    const link = service.referralLinkOf(origin(req), code);
    return { code, link, qr_payload: link };
  });
  route(app, getReferralMemberAward, ({ input, auth }) =>
    service.memberAward(app.db, auth.user.id, input.cursor, input.limit),
  );

  // Affiliate (agents only: everyone else gets 403)
  route(app, getAffiliateDashboard, ({ auth, req }) => service.dashboard(app.db, agent(auth), origin(req)));
  route(app, getCommissionData, ({ input, auth }) => service.commissionList(app.db, agent(auth).id, input));
  route(app, getReferralVisitData, ({ input, auth }) =>
    service.visitList(app.db, agent(auth).id, input.cursor, input.limit),
  );
  route(app, getAgentDownlines, ({ input, auth }) =>
    service.downlineList(app.db, agent(auth).id, input.cursor, input.limit),
  );
  route(app, updateCommissionBank, async ({ input, auth, say }) => {
    const me = agent(auth);
    const { current_password, ...change } = input;
    const user = await changeBankDetails(app.shop, me, change, current_password);
    say('infoUpdated');
    return {
      bank: {
        bank_name: user.bank_name,
        bank_account_name: user.bank_account_name,
        bank_account_number: user.bank_account_number,
      },
    };
  });
  route(app, requestPayout, ({ input, auth }) => service.requestPayout(app.db, agent(auth).id, input.amount_cents));
  route(app, getPayoutRequests, ({ input, auth }) =>
    service.payoutList(app.db, agent(auth), input.cursor, input.limit),
  );
  route(app, generateAffiliateLink, async ({ input, auth, req }) => {
    const me = agent(auth);
    return { link: service.affiliateLink(origin(req), me.referral_code, input.path) };
  });
}
