import type { ApiOutput } from '@common/contract/api-map';
import { formatCents } from '@common/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_IDS, useCheckoutForm } from '@/entities/order/checkout-store';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useCancelCoupon } from '../api/cancel-coupon-application';
import type { CheckoutItem } from '../api/cart-items';
import { useValidateCoupon } from '../api/validate-coupon';
import '../checkout.css';
import '@/lib/i18n/server-messages';

type AppliedCoupon = ApiOutput<'/v2/checkout-summary'>['coupon'];

interface Props {
  /** The coupon applied to this checkout, as the server's summary reports it. */
  applied: AppliedCoupon | undefined;
  items: CheckoutItem[];
}

/** Coupon: a code and Apply (checked by the server against the cart); the applied one with a remove control. */
export function CouponSection({ applied, items }: Props) {
  const { t } = useTranslation('checkout');
  const [code, setCode] = useState('');
  const error = useCheckoutForm((s) => s.errors.coupon);
  const setError = useCheckoutForm((s) => s.setError);
  const markDirty = useCheckoutForm((s) => s.markDirty);
  const validate = useValidateCoupon();
  const cancel = useCancelCoupon();
  const errorId = `${FIELD_IDS.coupon}-error`;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError('coupon', t('messages:enterCouponCode'));
      haptic('error');
      document.getElementById(FIELD_IDS.coupon)?.focus();
      return;
    }
    try {
      const res = await validate.mutateAsync({ code: trimmed, items });
      setError('coupon', undefined);
      setCode('');
      toast.success(t('coupon.applied', { code: res.coupon.code }));
    } catch (err) {
      haptic('error');
      setError('coupon', err instanceof ApiError ? (err.field('code') ?? err.message) : t('loadFailed'));
    }
  };

  const remove = async (appliedCode: string) => {
    try {
      await cancel.mutateAsync(appliedCode);
      setError('coupon', undefined);
      toast.success(t('coupon.removed'));
    } catch (err) {
      haptic('error');
      toast.error(err instanceof Error ? err.message : t('loadFailed'));
    }
  };

  return (
    <section className="co-section" aria-labelledby="co-coupon-title">
      <h2 id="co-coupon-title" className="co-section__title">
        {t('coupon.title')}
      </h2>
      {applied && (
        <AppliedCouponRow
          applied={applied}
          removing={cancel.isPending}
          onRemove={() => void remove(applied.info.code)}
        />
      )}
      <form className="co-inline" noValidate onSubmit={apply}>
        <div className="co-field co-inline__field">
          <label className="co-field__label" htmlFor={FIELD_IDS.coupon}>
            {t('coupon.code')}
          </label>
          <input
            id={FIELD_IDS.coupon}
            className="input"
            value={code}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              setCode(e.target.value);
              if (e.target.value) markDirty();
              if (error) setError('coupon', undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className="btn btn--secondary co-inline__btn" disabled={validate.isPending}>
          {validate.isPending ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </form>
      {error && (
        <p id={errorId} className="co-field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The coupon applied: its code and discount (or why it no longer fits), with a control to remove it. */
function AppliedCouponRow({
  applied,
  removing,
  onRemove,
}: {
  applied: NonNullable<AppliedCoupon>;
  removing: boolean;
  onRemove(): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className={`co-applied${applied.valid ? '' : ' co-applied--invalid'}`}>
      <span>
        <strong className="co-mono">{applied.info.code}</strong>
        {applied.valid && applied.discount_cents > 0 && <> · −{formatCents(applied.discount_cents)}</>}
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('coupon.remove', { code: applied.info.code })}
        onClick={onRemove}
        disabled={removing}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      {!applied.valid && applied.message && (
        <p className="co-field__error co-applied__msg" role="alert">
          {applied.message}
        </p>
      )}
    </div>
  );
}
