import { z } from 'zod';
import { MARKETING_SOURCES } from '../marketing-rules';
import { defineEndpoint } from './endpoint';
import { flag, id, optional } from './fields';

/**
 * Marketing messages (docs/decisions/056): the profile's "Marketing messages" switch. Off until the customer turns it
 * on (marketing-rules.ts `marketingOn`); every change is kept with when and how it was made. Every reminder carries a
 * signed stop link (`MARKETING_STOP_PATH`, no log-in) and, in the bot, a "Stop these messages" button.
 */

export const marketingConsent = z.object({
  /** Whether reminders may be sent to the caller now. */
  on: z.boolean(),
  /** The last change (ISO-8601 UTC) and how it was made; null while the customer never chose. */
  changed_at: z.string().nullable(),
  source: z.enum(MARKETING_SOURCES).nullable(),
  /**
   * The country the caller's orders ship to (their default address, else their latest order), or null: what
   * `marketingRule` reads to say whether the law there asks for consent.
   */
  country: z.string().nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsent>;

export const getMarketingConsent = defineEndpoint({
  path: '/v2/get-marketing-consent',
  access: 'user',
  summary: "The caller's marketing messages switch",
  request: z.object({}),
  response: z.object({ marketing: marketingConsent }),
});

/** Turns the caller's marketing messages on or off (recorded with the time and `profile`); the same value again changes nothing. */
export const setMarketingConsent = defineEndpoint({
  path: '/v2/set-marketing-consent',
  access: 'user',
  summary: 'Turn marketing messages on or off',
  request: z.object({ on: flag() }),
  response: z.object({ marketing: marketingConsent }),
});

/**
 * The query of the signed stop link (GET shows a page in `lang`, POST answers RFC 8058's one-click): the account and
 * the link's HMAC. Not a contract path (a page, not the JSON envelope); checked with this schema on the server.
 */
export const marketingStopQuery = z.object({
  u: id(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'is not a signature' }),
  lang: optional(z.enum(['en', 'zh'])),
});
