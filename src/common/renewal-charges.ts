import type { Lang } from './contract/lang';

/**
 * Subscribe & save renewals charged to a saved card (docs/decisions/040, "Renewals charged to a saved card only with
 * consent"): the consent's words — the checkout's checkbox and the provider's page beside its Pay button say the same
 * thing — and the names the server and the client share.
 */

/** An off-session charge attempt of a renewal order, as recorded before and after the provider is asked. */
export const RENEWAL_CHARGE_STATUSES = ['scheduled', 'charging', 'succeeded', 'failed', 'cancelled'] as const;
export type RenewalChargeStatus = (typeof RENEWAL_CHARGE_STATUSES)[number];

/**
 * Why a subscription's last renewal was not charged to its card, after the last retry: the card was declined, or the
 * bank wanted the customer present (3-D Secure), which nobody can answer off-session.
 */
export const RENEWAL_FAILURES = ['card_declined', 'authentication_required'] as const;
export type RenewalFailure = (typeof RENEWAL_FAILURES)[number];

export const toRenewalFailure = (kind: string): RenewalFailure =>
  kind === 'authentication_required' ? 'authentication_required' : 'card_declined';

/** "every 2 weeks", "every 2 or 4 weeks" / "每 2 周", "每 2 或 4 周": the renewal rhythms the shopper chose. */
export function renewalRhythm(lang: Lang, frequencies: readonly number[]): string {
  const weeks = [...new Set(frequencies.filter((f) => f > 0))].sort((a, b) => a - b);
  const list = weeks.length > 0 ? weeks : [4];
  if (lang === 'zh') return `每 ${list.join(' 或 ')} 周`;
  return `every ${list.join(' or ')} weeks`;
}

/**
 * The consent, in full: what is charged (each renewal's total, delivery included), when (on each renewal date, at
 * the chosen rhythm) and how to stop (remove the saved card in the profile or on the subscription, or cancel the
 * subscription; removing the card stops automatic charges at once).
 */
export function renewalConsentText(lang: Lang, frequencies: readonly number[]): string {
  const rhythm = renewalRhythm(lang, frequencies);
  if (lang === 'zh') {
    return (
      `保存这张银行卡，用于支付我的定期订购续订：在每个续订日期（${rhythm}，按我的选择），Leaf & Cup 将不再询问我，` +
      '直接从这张卡扣取该续订订单的总额（含运费）。我可以随时在个人资料或订阅页面移除已保存的卡，或取消订阅，' +
      '以停止自动扣款；移除卡片后立即停止自动扣款。'
    );
  }
  return (
    `Save this card for my Subscribe & save renewals: on each renewal date (${rhythm}, as I chose), Leaf & Cup ` +
    "charges this card the renewal order's total, delivery included, without asking me again. I can stop this at " +
    'any time by removing the saved card in my profile or on the subscription, or by cancelling the subscription; ' +
    'removing the card stops automatic charges at once.'
  );
}
