import { renewalConsentText } from '@common/renewal-charges';
import { useTranslation } from 'react-i18next';
import { useCheckoutForm } from '@/entities/order/checkout-store';
import '../checkout.css';
import '../locales';

/**
 * "Charge my renewals to this card" (docs/decisions/040): on a card order that starts a Subscribe & save
 * subscription, in a browser only (the Telegram invoice saves no card), a checkbox that is off until the shopper
 * ticks it. Its words say what is charged, when and how to stop (common/renewal-charges.ts: the provider's page shows
 * the same words beside its Pay button).
 */
export function RenewalConsent({ frequencies }: { frequencies: number[] }) {
  const { t, i18n } = useTranslation('checkout');
  const on = useCheckoutForm((s) => s.saveCardForRenewals);
  const setOn = useCheckoutForm((s) => s.setSaveCardForRenewals);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <div className="co-consent co-choice__body">
      <label className="co-consent__label">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <span>{renewalConsentText(lang, frequencies)}</span>
      </label>
      <p className="co-hint">{t('payment.consentOptional')}</p>
    </div>
  );
}
