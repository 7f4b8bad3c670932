import { COUPON_KINDS, type CouponKind } from '@common/checkout-rules';
import type { AdminCoupon } from '@common/contract/admin/coupons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/lib/ui/admin/FormActions';
import { FormField } from '@/lib/ui/FormField';
import type { CouponFields } from '../api/coupons-create';
import { useCouponForm } from './use-coupon-form';

/**
 * A coupon's fields (New coupon, and the coupon page's Details): the code, percent or fixed (a percentage, or
 * dollars converted once to cents here), the minimum spend in dollars, the first and last day (the shop's days),
 * the total and per-customer limits. Checked here with the server's own rules (src/common/coupon-rules.ts) before
 * sending; a refusal from the server shows at the field it names, or above the button.
 */
export function CouponForm({
  coupon,
  formId,
  busy,
  onSubmit,
}: {
  /** The coupon being edited; none: New coupon. */
  coupon?: AdminCoupon;
  /** The form element's id (the page's main action submits it inside Telegram). */
  formId: string;
  busy: boolean;
  /** Sends the fields; rejects with the server's refusal. */
  onSubmit(fields: CouponFields): Promise<unknown>;
}) {
  const { t } = useTranslation('admin-coupons');
  const { values, errors, used, set, setKind, submit } = useCouponForm(coupon, busy, onSubmit);
  const percent = values.kind === 'percent';
  return (
    <form id={formId} className="form-stack acp-form" onSubmit={submit} noValidate>
      {coupon && used > 0 && <p className="acp-notice">{t('form.usedNotice', { count: used })}</p>}
      <FormField
        label={t('form.code')}
        hint={t('form.codeHint')}
        error={errors.code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        aria-required="true"
        value={values.code}
        onChange={set('code', 'code')}
      />
      <KindChoice kind={values.kind} error={errors.kind} onChange={setKind} />
      <FormField
        label={percent ? t('form.percentValue') : t('form.fixedValue')}
        hint={percent ? t('form.percentHint') : t('form.fixedHint')}
        error={errors.value}
        inputMode={percent ? 'numeric' : 'decimal'}
        autoComplete="off"
        aria-required="true"
        value={values.value}
        onChange={set('value', 'value')}
      />
      <FormField
        label={t('form.minSpend')}
        hint={t('form.minSpendHint')}
        error={errors.min_spend_cents}
        inputMode="decimal"
        autoComplete="off"
        value={values.minSpend}
        onChange={set('minSpend', 'min_spend_cents')}
      />
      <div className="acp-pair">
        <FormField
          label={t('form.startsOn')}
          hint={t('form.startsOnHint')}
          error={errors.starts_on}
          type="date"
          value={values.startsOn}
          onChange={set('startsOn', 'starts_on')}
        />
        <FormField
          label={t('form.endsOn')}
          hint={t('form.endsOnHint')}
          error={errors.ends_on}
          type="date"
          min={values.startsOn || undefined}
          value={values.endsOn}
          onChange={set('endsOn', 'ends_on')}
        />
      </div>
      <div className="acp-pair">
        <FormField
          label={t('form.usageLimit')}
          hint={used > 0 ? t('form.usageLimitUsedHint', { count: used }) : t('form.usageLimitHint')}
          error={errors.usage_limit}
          inputMode="numeric"
          autoComplete="off"
          value={values.usageLimit}
          onChange={set('usageLimit', 'usage_limit')}
        />
        <FormField
          label={t('form.perUserLimit')}
          hint={t('form.perUserLimitHint')}
          error={errors.per_user_limit}
          inputMode="numeric"
          autoComplete="off"
          value={values.perUserLimit}
          onChange={set('perUserLimit', 'per_user_limit')}
        />
      </div>
      <FormActions
        error={errors.form}
        busy={busy}
        label={busy ? t('form.saving') : coupon ? t('form.save') : t('form.create')}
      />
    </form>
  );
}

/** Percent or fixed, as radio buttons, with the server's refusal of the kind under them. */
function KindChoice({
  kind: chosen,
  error,
  onChange,
}: {
  kind: CouponKind;
  error: string | undefined;
  onChange(kind: CouponKind): void;
}) {
  const { t } = useTranslation('admin-coupons');
  const kindId = useId();
  return (
    <fieldset className="acp-kind" aria-describedby={error ? `${kindId}-error` : undefined}>
      <legend>{t('form.kind')}</legend>
      {COUPON_KINDS.map((kind) => (
        <label key={kind} className="acp-kind__choice">
          <input
            type="radio"
            name={`${kindId}-kind`}
            value={kind}
            checked={chosen === kind}
            onChange={() => onChange(kind)}
          />
          {t(`form.${kind}`)}
        </label>
      ))}
      {error && (
        <p id={`${kindId}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
