import { normalizePhone } from '@common/account-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canRequestPhone, requestPhone } from '@/lib/telegram/contact';

/** Telegram's number as the phone field takes it: separators dropped, with its `+` (Telegram sends digits only). */
export const phoneFromTelegram = (raw: string): string => {
  const phone = normalizePhone(raw.trim());
  return phone.startsWith('+') ? phone : `+${phone}`;
};

/**
 * Inside Telegram (6.9+): "Use my Telegram number" asks Telegram for the customer's contact and, once they agree,
 * hands the number to the field. Refused or failed: nothing changes and nothing is said. Absent in a browser.
 */
export function TelegramPhoneButton({ onPhone }: { onPhone(phone: string): void }) {
  const { t } = useTranslation('checkout');
  const [asking, setAsking] = useState(false);
  const [filled, setFilled] = useState(false);
  if (!canRequestPhone()) return null;
  return (
    <div className="co-field__aside">
      <button
        type="button"
        className="btn btn--link co-telegram-phone"
        disabled={asking}
        aria-busy={asking || undefined}
        onClick={async () => {
          setAsking(true);
          setFilled(false);
          const phone = await requestPhone();
          setAsking(false);
          if (phone) {
            onPhone(phoneFromTelegram(phone));
            setFilled(true);
          }
        }}
      >
        {t('address.useTelegramPhone')}
      </button>
      <span role="status" className="visually-hidden">
        {filled ? t('address.telegramPhoneFilled') : ''}
      </span>
    </div>
  );
}
