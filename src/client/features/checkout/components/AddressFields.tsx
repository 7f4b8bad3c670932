import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { useStates } from '../api/get-states';
import { type AddressForm, COUNTRIES, type Country, type Field } from '../use-address-form';
import { LoadFailed } from './LoadFailed';

/** A refused field's message, if it was refused. */
function FieldError({ form, field }: { form: AddressForm; field: Field }) {
  return form.errors[field] ? (
    <p id={form.errorId(field)} className="co-field__error" role="alert">
      {form.errors[field]}
    </p>
  ) : null;
}

/** One text field of the address form: required unless it is the company. */
export function TextField({
  form,
  field,
  label,
  autoComplete,
  inputMode,
  type,
}: {
  form: AddressForm;
  field: Exclude<Field, 'state_id' | 'country'>;
  label: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric' | 'text';
  type?: string;
}) {
  return (
    <div className="co-field">
      <label className="co-field__label" htmlFor={form.id(field)}>
        {label}
      </label>
      <input
        id={form.id(field)}
        className="input"
        value={form.values[field]}
        onChange={(e) => form.set(field, e.target.value)}
        aria-invalid={form.errors[field] ? true : undefined}
        aria-describedby={form.describedBy(field)}
        aria-required={field === 'company' ? undefined : true}
        type={type ?? 'text'}
        autoComplete={autoComplete}
        inputMode={inputMode}
      />
      <FieldError form={form} field={field} />
    </div>
  );
}

/**
 * Country, then the states of that country (from /v2/get-states); a state of the other country is let go. `kept` is
 * the state of the address being edited: listed even when the shop has retired it since (it is no longer offered for
 * new addresses, but the address keeps it; docs/decisions/041).
 */
export function CountryStateFields({
  form,
  states,
  kept,
}: {
  form: AddressForm;
  states: ReturnType<typeof useStates>;
  kept?: { id: number; name: string; country: string };
}) {
  const { t } = useTranslation('checkout');
  const { values, errors, id, describedBy } = form;
  const countryStates = useMemo(() => {
    const listed = (states.data?.states ?? []).filter((s) => s.country === values.country);
    const keep = kept && kept.country === values.country && !listed.some((s) => s.id === kept.id);
    return keep ? [...listed, { id: kept.id, name: kept.name }] : listed;
  }, [states.data, values.country, kept]);
  return (
    <div className="co-form__row">
      <div className="co-field">
        <label className="co-field__label" htmlFor={id('country')}>
          {t('address.country')}
        </label>
        <select
          id={id('country')}
          className="input"
          value={values.country}
          onChange={(e) => {
            const country = e.target.value as Country;
            form.setValues((v) => ({
              ...v,
              country,
              // A state of the other country no longer fits.
              state_id: states.data?.states.some((s) => s.id === v.state_id && s.country === country)
                ? v.state_id
                : null,
            }));
            form.setErrors((er) => ({ ...er, country: undefined }));
          }}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={describedBy('country')}
          autoComplete="country"
        >
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`address.countries.${c}`)}
            </option>
          ))}
        </select>
        <FieldError form={form} field="country" />
      </div>
      <div className="co-field">
        <label className="co-field__label" htmlFor={id('state_id')}>
          {t('address.state')}
        </label>
        <select
          id={id('state_id')}
          className="input"
          value={values.state_id ?? ''}
          onChange={(e) => form.set('state_id', e.target.value ? Number(e.target.value) : null)}
          aria-invalid={errors.state_id ? true : undefined}
          aria-describedby={describedBy('state_id')}
          aria-required="true"
          aria-busy={states.isPending || undefined}
        >
          <option value="">{states.isPending ? t('loading') : t('address.chooseState')}</option>
          {countryStates.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <FieldError form={form} field="state_id" />
        {states.isError && <LoadFailed onRetry={() => void states.refetch()} className="co-field__error" />}
      </div>
    </div>
  );
}
