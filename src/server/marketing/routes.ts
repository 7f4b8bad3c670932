import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseLang } from '../../common/contract/lang';
import { getMarketingConsent, marketingStopQuery, setMarketingConsent } from '../../common/contract/marketing';
import { MARKETING_STOP_PATH } from '../../common/marketing-rules';
import { route } from '../lib/endpoint';
import { requestLang } from '../plugins/errors';
import * as service from './service';
import { sendStopPage } from './stop-page';

/**
 * Marketing messages (docs/decisions/056): the profile's switch, and the stop link every reminder carries. The link
 * needs no session: GET turns the messages off and answers a plain page in the link's language; POST is RFC 8058's
 * one-click (a mail program's "Unsubscribe", `List-Unsubscribe-Post`). A link whose signature does not hold changes
 * nothing and says so (403).
 */
export default async function marketingRoutes(app: FastifyInstance) {
  const { shop } = app;

  route(app, getMarketingConsent, async ({ auth }) => ({ marketing: await service.consentOf(shop.db, auth.user.id) }));

  route(app, setMarketingConsent, async ({ auth, input, say }) => {
    await service.setChoice(shop.db, auth.user.id, input.on, 'profile', shop.clock().toISOString());
    say(input.on ? 'marketingTurnedOn' : 'marketingTurnedOff');
    return { marketing: await service.consentOf(shop.db, auth.user.id) };
  });

  const stop = (source: 'unsubscribe_link' | 'one_click') => async (req: FastifyRequest, reply: FastifyReply) => {
    const parsed = marketingStopQuery.safeParse(req.query);
    const lang = parsed.data?.lang ?? parseLang((req.query as { lang?: unknown }).lang) ?? requestLang(req);
    if (!parsed.success) return sendStopPage(reply, lang, 'invalid');
    const outcome = await service.stopFromLink(shop.db, parsed.data, source, shop.clock().toISOString());
    if (outcome !== 'invalid') req.log.info({ user_id: parsed.data.u, outcome, source }, 'marketing messages stopped');
    return sendStopPage(reply, lang, outcome);
  };
  app.get(MARKETING_STOP_PATH, { schema: { hide: true } }, stop('unsubscribe_link'));
  // RFC 8058 lets the mail program post its one field as a form or as multipart: both are taken (the body is not read).
  app.post(MARKETING_STOP_PATH, { schema: { hide: true }, config: { multipart: true } }, stop('one_click'));
}
