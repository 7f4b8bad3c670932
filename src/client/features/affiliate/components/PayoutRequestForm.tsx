import type { PayoutEligibility } from '@common/contract/referral';
import { parseDollarsToCents } from '@common/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatCents } from '@/lib/format/format';
import { notify } from '@/lib/toast';
import { useRequestPayout } from '../api/request-payout';
import '../locales';

/**
 * The payout request form of the Payments tab: the amount available, and the amount asked for, checked here against
 * it before sending. Disabled, with the reason, while the agent may not ask yet (`eligibility` not allowed).
 */
export function PayoutRequestForm({ eligibility }: { eligibility: PayoutEligibility | undefined }) {
  const { t } = useTranslation('affiliate');
  const request = useRequestPayout();
  const amountId = useId();
  const hintId = useId();
  const errorId = useId();
  const reasonId = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const blocked = eligibility ? !eligibility.allowed : true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!eligibility || blocked || request.isPending) return;
    if (!amount.trim()) return setError(t('payments.amountRequired'));
    const cents = parseDollarsToCents(amount);
    if (cents === null) return setError(t('payments.amountInvalid'));
    if (cents <= 0) return setError(t('payments.amountZero'));
    if (cents > eligibility.available_cents) {
      return setError(t('payments.amountTooHigh', { amount: formatCents(eligibility.available_cents) }));
    }
    setError(null);
    request.mutate(cents, {
      onSuccess: (answer) => {
        setAmount('');
        notify.success(t('payments.requested', { amount: formatCents(answer.payout.amount_cents) }));
      },
      onError: (err) => {
        const message = err instanceof ApiError ? (err.field('amount_cents') ?? err.message) : String(err);
        if (err instanceof ApiError && err.field('amount_cents')) setError(message);
        else notify.error(message);
      },
    });
  };

  const describedBy = [hintId, error ? errorId : null, blocked ? reasonId : null].filter(Boolean).join(' ');
  return (
    <form className="ref-card aff-form" onSubmit={submit} noValidate>
      <h2 className="aff-form__title">{t('payments.formTitle')}</h2>
      <p className="aff-note">{t('payments.available', { amount: formatCents(eligibility?.available_cents ?? 0) })}</p>
      {blocked && eligibility?.reason && (
        <p id={reasonId} className="aff-blocked" role="note">
          {t(`payments.reasons.${eligibility.reason}`)}
        </p>
      )}
      <div className="aff-field">
        <label htmlFor={amountId}>{t('payments.amount')}</label>
        <input
          id={amountId}
          className="aff-input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          disabled={blocked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setAmount(e.target.value);
            if (error) setError(null);
          }}
        />
        <span id={hintId} className="aff-hint">
          {t('payments.amountHint')}
        </span>
        {error && (
          <span id={errorId} className="aff-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={blocked || request.isPending}>
        {request.isPending ? t('payments.submitting') : t('payments.submit')}
      </button>
    </form>
  );
}
