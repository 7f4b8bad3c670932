import type { FastifyInstance } from 'fastify';
import { formatMessage } from '../../common/i18n/messages';
import { applyCardNotice } from './card-notices';

/** Where the card provider posts its notices (the README's webhook URL; docs/decisions/040). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/** A notice's body is small; Stripe's are a few kilobytes. */
const NOTICE_BODY_LIMIT = 256 * 1024;

/**
 * POST /webhooks/stripe: the card provider's signed notices. The signature covers the body exactly as sent, so this
 * route (alone: its own plugin scope) keeps the raw bytes instead of the app's JSON and form parsers. A notice whose
 * signature does not check out (wrong secret, changed body, too old) is answered 400 and changes nothing; it is
 * logged with the reason only, never the header or the body. A verified one is applied once (card-notices.ts) and
 * answered 200; a failure while applying it answers 500, and the provider delivers it again.
 */
export default async function paymentRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTICE_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (req, reply) => {
      const provider = app.shop.payments;
      const refuse = (status: number, key: 'notFound' | 'invalidRequest') =>
        reply.code(status).send({ success: false, code: status, message: formatMessage('en', key), data: null });
      if (!provider) return refuse(404, 'notFound');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['stripe-signature'];
      const parsed = provider.parseWebhook(raw, typeof header === 'string' ? header : undefined);
      if (!parsed.ok) {
        req.log.warn({ reason: parsed.reason }, 'card provider notice refused');
        return refuse(400, 'invalidRequest');
      }
      const { notice } = parsed;
      const outcome = await applyCardNotice(app.shop, notice);
      req.log.info({ event: notice.eventId, type: notice.type, outcome }, 'card provider notice applied');
      return reply.code(200).send({ received: true, outcome });
    });
  });
}
