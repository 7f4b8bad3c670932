/**
 * What can tie a referred member to the person who referred them (docs/decisions/032). A referral award or an agent's
 * commission whose two accounts share one of these waits On Hold for staff, with the shared ones named; staff decide.
 * The server compares them (src/server/referral/signals.ts); the shop and the back office name them from this list.
 */
export const REFERRAL_SIGNALS = [
  /** A delivery address (street, city, zip and country) on an order or in the address book of both. */
  'address',
  /** A phone number of both: the account's, an address's or an order's shipping contact. */
  'phone',
  /** A bank-transfer payment reference given on orders of both. */
  'payment_reference',
  /** The same receipt image uploaded by both. */
  'receipt',
  /** A Telegram user linked to both, now or before. */
  'telegram',
  /** The member signed up from a client address (an IPv6 /64) the referrer used to sign up or log in. */
  'client_address',
  /** The member signed up in a browser the referrer used to sign up or log in. */
  'device',
] as const;
export type ReferralSignal = (typeof REFERRAL_SIGNALS)[number];

/** A referral award: credited to the referrer's cash reward, held for staff, or refused by staff. */
export const REFERRAL_AWARD_STATUSES = ['credited', 'on_hold', 'refused'] as const;
export type ReferralAwardStatus = (typeof REFERRAL_AWARD_STATUSES)[number];

/** The stored form of a hold's reason: the shared signals, comma-separated, in the list's order. */
export function holdReasonText(signals: readonly ReferralSignal[]): string | null {
  const set = new Set(signals);
  const ordered = REFERRAL_SIGNALS.filter((s) => set.has(s));
  return ordered.length ? ordered.join(',') : null;
}

/** The signals of a stored hold reason (unknown words, from a later release, are left out). */
export function holdReasonSignals(text: string | null | undefined): ReferralSignal[] {
  if (!text) return [];
  const words = new Set(text.split(','));
  return REFERRAL_SIGNALS.filter((s) => words.has(s));
}
