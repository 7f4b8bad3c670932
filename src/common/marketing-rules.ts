/**
 * Marketing messages (docs/decisions/056): the reminders that bring a customer back (an abandoned cart, "Running
 * low?"), sent only to a customer who said yes. Zod-free, so the profile's switch and the server read the same rule.
 */

/**
 * Where the law asks for the customer's prior, explicit consent before marketing by e-mail or messenger (opt-in),
 * ISO 3166-1 alpha-2: the EU (ePrivacy Directive art. 13 with the GDPR's consent) and the rest of the EEA (Iceland,
 * Liechtenstein, Norway); the United Kingdom (PECR reg. 22); China (Advertising Law art. 43: no commercial
 * advertisement by electronic means without the recipient's consent or request); the Philippines (Data Privacy Act,
 * direct marketing needs consent). Elsewhere the shop still treats the customer as not agreed until they say so
 * (`marketingOn`): see docs/decisions/056 for why a soft opt-in is not used.
 */
export const MARKETING_OPT_IN_COUNTRIES: ReadonlySet<string> = new Set([
  // EU 27
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  // EEA outside the EU
  'IS',
  'LI',
  'NO',
  // United Kingdom
  'GB',
  // China, the Philippines
  'CN',
  'PH',
]);

/**
 * What the law of a shipping country asks: `opt_in` (prior consent) or `soft_opt_in` (an existing customer may be
 * written to about similar products until they object). A customer whose country is not known (no address, no order)
 * is treated as opt-in: the stricter rule is the safe one.
 */
export type MarketingRule = 'opt_in' | 'soft_opt_in';

export function marketingRule(country: string | null | undefined): MarketingRule {
  if (!country) return 'opt_in';
  return MARKETING_OPT_IN_COUNTRIES.has(country.trim().toUpperCase()) ? 'opt_in' : 'soft_opt_in';
}

/**
 * Whether a customer with no choice recorded gets marketing messages. Opt-in: never (the law). Soft opt-in: not either,
 * in this shop (docs/decisions/056): a new shop has no record of how its customers were told they could object, which
 * a soft opt-in needs, and a message the customer never asked for is what the switch is there to prevent.
 */
export const MARKETING_DEFAULT: Record<MarketingRule, boolean> = { opt_in: false, soft_opt_in: false };

/**
 * Whether marketing messages may go to a customer now: their last recorded choice, whatever the country (a yes in an
 * opt-in country is the consent it asks for; a no is always honoured), else the country's default.
 */
export function marketingOn(choice: { granted: boolean } | null | undefined, country: string | null | undefined) {
  if (choice) return choice.granted;
  return MARKETING_DEFAULT[marketingRule(country)];
}

/** How a choice was made: the profile's switch, the signed link of a message (or its one-click POST), the bot's button. */
export const MARKETING_SOURCES = ['profile', 'unsubscribe_link', 'one_click', 'telegram_button'] as const;
export type MarketingSource = (typeof MARKETING_SOURCES)[number];

/** The signed stop link of every reminder (GET shows a page, POST is RFC 8058's one-click); no log-in needed. */
export const MARKETING_STOP_PATH = '/v1/marketing/stop';

/** The abandoned-cart reminder's idle hours when the owner has not set them, and their range. */
export const ABANDONED_CART_HOURS_DEFAULT = 24;
/** A product's "Running low?" interval (days after a completed order), when set. */
export const REORDER_DAYS = { min: 1, max: 365 } as const;
/**
 * A reminder that is more than this many days late (a cart idle for weeks when the reminders are switched on, an order
 * completed long before its product got an interval) is not sent: it would no longer be about something recent.
 */
export const REMINDER_LATE_DAYS = 7;
