import type { Address } from '@common/contract/checkout';
import type { Subscription } from '@common/contract/subscriptions';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { Draft, FieldErrors, FieldIds, FieldName } from '../hooks/use-subscription-edit';

const FREQUENCY_OPTIONS = [2, 4, 8] as const;

/** What every field of the form needs: the element ids, the refusals, and whether a call is under way. */
interface Fields {
  ids: FieldIds;
  errors: FieldErrors;
  busy: boolean;
}

/** What describes a field: its refusal's id (when it was refused), then `extra`. */
const describe = ({ ids, errors }: Fields, field: FieldName, extra?: string) =>
  [errors[field] ? `${ids[field]}-error` : null, extra].filter(Boolean).join(' ') || undefined;

/** A refused field's message, if it was refused. */
function FieldError({ fields: { ids, errors }, field }: { fields: Fields; field: FieldName }) {
  return errors[field] ? (
    <p id={`${ids[field]}-error`} className="sub-field__error" role="alert">
      {errors[field]}
    </p>
  ) : null;
}

/**
 * An active subscription's form: quantity, frequency, address and shipping method, "Save changes", "Skip next
 * delivery" and "Cancel subscription" (which asks first: `onCancel`). Refusals show at their field.
 */
export function SubscriptionForm({
  subscription: s,
  addresses,
  draft,
  onChange,
  fields,
  saving,
  changed,
  onSave,
  onSkip,
  onCancel,
}: {
  subscription: Subscription;
  addresses: Address[];
  draft: Draft;
  onChange(patch: Partial<Draft>): void;
  fields: Fields;
  /** The changes are being saved. */
  saving: boolean;
  changed: boolean;
  onSave(e: FormEvent): void;
  onSkip(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('subscriptions');
  const { ids, errors, busy } = fields;
  // The subscription's address may be missing from the list while it loads.
  const addressOptions = addresses.some((a) => a.id === s.address.id)
    ? addresses
    : [{ id: s.address.id, receiver_name: s.address.receiver_name, summary: s.address.summary }, ...addresses];

  return (
    <form className="sub-form" onSubmit={onSave} noValidate aria-describedby={errors.form ? ids.form : undefined}>
      <QuantityField subscription={s} quantity={draft.quantity} onChange={onChange} fields={fields} />

      <SelectField
        fields={fields}
        field="frequency_weeks"
        label={t('frequency')}
        value={draft.frequency}
        onChange={(value) => onChange({ frequency: Number(value) })}
      >
        {FREQUENCY_OPTIONS.map((w) => (
          <option key={w} value={w}>
            {t('everyWeeks', { count: w })}
          </option>
        ))}
      </SelectField>

      <SelectField
        fields={fields}
        field="address_id"
        label={t('address')}
        value={draft.addressId}
        onChange={(value) => onChange({ addressId: Number(value) })}
      >
        {addressOptions.map((a) => (
          <option key={a.id} value={a.id}>
            {'summary' in a
              ? `${a.receiver_name}, ${a.summary}`
              : `${a.receiver_name}, ${a.address}, ${a.city}, ${a.state_name} ${a.zip}`}
          </option>
        ))}
      </SelectField>

      <SelectField
        fields={fields}
        field="shipping_method"
        label={t('shippingMethod')}
        value={draft.shippingMethod}
        onChange={(value) => onChange({ shippingMethod: value === 'expedited' ? 'expedited' : 'standard' })}
      >
        <option value="standard">{t('standard')}</option>
        <option value="expedited">{t('expedited')}</option>
      </SelectField>

      {errors.form && (
        <p id={ids.form} className="sub-field__error" role="alert">
          {errors.form}
        </p>
      )}

      <div className="sub-actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={!changed || undefined}>
          {saving ? t('busy') : t('save')}
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={onSkip}>
          {t('skip')}
        </button>
        <button type="button" className="btn btn--secondary sub-danger" disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** Quantity with − and +; + past the stock says "Not Enough Stock" instead of going over. */
function QuantityField({
  subscription: s,
  quantity,
  onChange,
  fields,
}: {
  subscription: Subscription;
  quantity: number;
  onChange(patch: Partial<Draft>): void;
  fields: Fields;
}) {
  const { t } = useTranslation('subscriptions');
  const { ids, errors, busy } = fields;
  return (
    <div className="sub-field">
      <label htmlFor={ids.quantity} className="sub-field__label">
        {t('quantity')}
      </label>
      <div className="sub-stepper">
        <button
          type="button"
          className="icon-btn sub-stepper__btn"
          aria-label={t('decrease')}
          disabled={busy || quantity <= 1}
          onClick={() => onChange({ quantity: Math.max(1, quantity - 1) })}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={ids.quantity}
          className="sub-stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, s.stock)}
          value={quantity}
          disabled={busy}
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={describe(fields, 'quantity', `${ids.quantity}-hint`)}
          onChange={(e) => {
            const n = Math.floor(Number(e.target.value));
            onChange({ quantity: Number.isFinite(n) && n >= 1 ? n : 1 });
          }}
        />
        <button
          type="button"
          className="icon-btn sub-stepper__btn"
          aria-label={t('increase')}
          disabled={busy}
          onClick={() => {
            if (quantity >= s.stock) {
              toast.error(t('messages:notEnoughStock'), { id: `sub-stock-${s.id}` });
              return;
            }
            onChange({ quantity: quantity + 1 });
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <span id={`${ids.quantity}-hint`} className="sub-hint">
        {t('maxQuantity', { count: Math.max(0, s.stock) })}
      </span>
      <FieldError fields={fields} field="quantity" />
    </div>
  );
}

/** A labelled select of the form, with its refusal. */
function SelectField({
  fields,
  field,
  label,
  value,
  onChange,
  children,
}: {
  fields: Fields;
  field: Exclude<FieldName, 'quantity'>;
  label: string;
  value: string | number;
  onChange(value: string): void;
  children: ReactNode;
}) {
  const { ids, errors, busy } = fields;
  return (
    <div className="sub-field">
      <label htmlFor={ids[field]} className="sub-field__label">
        {label}
      </label>
      <select
        id={ids[field]}
        className="input sub-select"
        value={value}
        disabled={busy}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describe(fields, field)}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      <FieldError fields={fields} field={field} />
    </div>
  );
}
