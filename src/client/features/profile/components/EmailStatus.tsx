import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { resendEmailConfirmation, useEmailStatus } from '../api/email-status';
import '../locales';
import '@/lib/i18n/server-messages';

/**
 * Whether the account's e-mail address is confirmed (docs/decisions/016), with "Send the link again" until it is.
 * Nothing is shown when the shop sends no e-mail.
 */
export function EmailStatus({ userId, email }: { userId: number; email: string }) {
  const { t } = useTranslation('profile');
  const status = useEmailStatus(userId, email);
  const [sending, setSending] = useState(false);
  const data = status.data;
  if (!data?.mail_on) return null;

  const resend = async () => {
    setSending(true);
    try {
      await resendEmailConfirmation();
      notify.success(t('emailLinkSent', { email: data.email }));
    } catch (err) {
      notify.error(err instanceof ApiError && err.code !== 0 ? err.message : t('somethingWrong'));
      if (err instanceof ApiError && err.code === 409) void status.refetch();
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="profile-card" aria-labelledby="profile-email-status">
      <h2 id="profile-email-status" className="profile-card__title">
        {t('emailStatus')}
      </h2>
      <p>
        {data.email} · <strong>{data.confirmed ? t('emailConfirmed') : t('emailNotConfirmed')}</strong>
      </p>
      {!data.confirmed && (
        <>
          <p className="field__hint">{t('emailConfirmHint')}</p>
          <button type="button" className="btn btn--secondary" disabled={sending} onClick={() => void resend()}>
            {sending ? t('messages:pleaseWait') : t('emailSendAgain')}
          </button>
        </>
      )}
    </section>
  );
}
