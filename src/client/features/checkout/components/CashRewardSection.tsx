import type { ApiOutput } from '@common/contract/api-map';
import { formatCents, parseDollarsToCents } from '@common/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_IDS, useCheckoutForm } from '@/entities/order/checkout-store';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { useHoldCashReward } from '../api/hold-cash-reward';
import '../checkout.css';
import '@/lib/i18n/server-messages';

type CashReward = ApiOutput<'/v2/checkout-summary'>['cash_reward'];

/** Cash reward: the balance, and an amount to redeem held for this checkout (spent when the order is placed). */
export function CashRewardSection({ reward }: { reward: CashReward | undefined }) {
  const { t } = useTranslation('checkout');
  const [amount, setAmount] = useState('');
  const error = useCheckoutForm((s) => s.errors.cash_reward);
  const setError = useCheckoutForm((s) => s.setError);
  const markDirty = useCheckoutForm((s) => s.markDirty);
  const hold = useHoldCashReward();
  const errorId = `${FIELD_IDS.cash_reward}-error`;
  const balance = reward?.balance_cents ?? 0;
  const held = reward?.on_hold_cents ?? 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amount.trim()) {
      setError('cash_reward', t('messages:enterRedeemAmount'));
      haptic('error');
      document.getElementById(FIELD_IDS.cash_reward)?.focus();
      return;
    }
    const cents = parseDollarsToCents(amount);
    if (cents === null || cents === 0) {
      setError('cash_reward', t('reward.invalidAmount'));
      haptic('error');
      return;
    }
    try {
      await hold.mutateAsync(cents);
      setError('cash_reward', undefined);
      setAmount('');
    } catch (err) {
      haptic('error');
      setError('cash_reward', err instanceof ApiError ? (err.field('amount_cents') ?? err.message) : t('loadFailed'));
    }
  };

  const release = async () => {
    try {
      await hold.mutateAsync(0);
      setError('cash_reward', undefined);
    } catch (err) {
      haptic('error');
      setError('cash_reward', err instanceof Error ? err.message : t('loadFailed'));
    }
  };

  return (
    <section className="co-section" aria-labelledby="co-reward-title">
      <h2 id="co-reward-title" className="co-section__title">
        {t('reward.title')}
      </h2>
      <p className="co-reward__balance">{t('reward.balance', { amount: formatCents(balance) })}</p>
      {held > 0 && (
        <div className="co-applied">
          <span>{t('reward.held', { amount: formatCents(reward?.applied_cents ?? held) })}</span>
          <button type="button" className="btn btn--link" onClick={() => void release()} disabled={hold.isPending}>
            {t('reward.clear')}
          </button>
        </div>
      )}
      {balance > 0 && (
        <form className="co-inline" noValidate onSubmit={submit}>
          <div className="co-field co-inline__field">
            <label className="co-field__label" htmlFor={FIELD_IDS.cash_reward}>
              {t('reward.amount')}
            </label>
            <div className="co-money">
              <span aria-hidden="true">$</span>
              <input
                id={FIELD_IDS.cash_reward}
                className="input"
                inputMode="decimal"
                autoComplete="off"
                placeholder={(balance / 100).toFixed(2)}
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  if (e.target.value) markDirty();
                  if (error) setError('cash_reward', undefined);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
          </div>
          <button type="submit" className="btn btn--secondary co-inline__btn" disabled={hold.isPending}>
            {hold.isPending ? t('messages:pleaseWait') : t('reward.redeem')}
          </button>
        </form>
      )}
      {error && (
        <p id={errorId} className="co-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
