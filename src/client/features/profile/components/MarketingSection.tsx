import { marketingRule } from '@common/marketing-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatDate } from '@/lib/format/date';
import { notify } from '@/lib/toast';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useMarketingConsent, useSetMarketingConsent } from '../api/marketing';
import '../locales';

/**
 * "Marketing messages" on the profile (docs/decisions/056): one switch, saved as soon as it is flipped, for the
 * reminders that bring a customer back (a cart left waiting, "Running low?"), by the bot or by e-mail. Off until the
 * customer turns it on; where the law of the country their orders ship to asks for consent (marketing-rules.ts), the
 * section says so.
 */
export function MarketingSection({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const consent = useMarketingConsent(userId);
  const save = useSetMarketingConsent(userId);
  const marketing = consent.data?.marketing;

  const flip = (on: boolean) =>
    save.mutate(on, {
      onSuccess: ({ message }) => {
        if (message) notify.success(message);
      },
      onError: (err) => notify.error(err instanceof ApiError && err.code !== 0 ? err.message : t('somethingWrong')),
    });

  // While saving, the switch shows what was asked for.
  const on = save.isPending && save.variables !== undefined ? save.variables : (marketing?.on ?? false);
  return (
    <section className="profile-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile-card__title">
        {t('marketing')}
      </h2>
      {!marketing ? (
        <ListStatus isPending={consent.isPending} error={consent.error} onRetry={() => void consent.refetch()} />
      ) : (
        <>
          <label className="profile-switch" htmlFor={`${id}-switch`}>
            <span>{t('marketingSwitch')}</span>
            <span className="profile-switch__control">
              <input
                id={`${id}-switch`}
                type="checkbox"
                role="switch"
                aria-checked={on}
                aria-describedby={`${id}-hint`}
                checked={on}
                disabled={save.isPending}
                onChange={(e) => flip(e.target.checked)}
              />
              <span aria-hidden="true">{on ? t('on') : t('off')}</span>
            </span>
          </label>
          <p id={`${id}-hint`} className="field__hint">
            {t('marketingHint')}
            {marketingRule(marketing.country) === 'opt_in' && ` ${t('marketingConsentLaw')}`}
          </p>
          {marketing.changed_at && (
            <p className="field__hint">
              {t(marketing.on ? 'marketingOnSince' : 'marketingOffSince', { date: formatDate(marketing.changed_at) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
