import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/ui/FormField';
import { FEE_FIELDS, OFFERED_FIELDS } from '../shipping-form';
import type { StateFormState } from './use-state-form';

/**
 * A state's fields: its code (when adding), both names, each method's fee in dollars and whether it is offered. Each
 * input is labelled, and its error is tied to it (aria-describedby) and announced.
 */
export function StateFields({
  state,
  withCode,
  country,
}: {
  state: Pick<StateFormState, 'form' | 'set' | 'errors'>;
  withCode: boolean;
  country: string;
}) {
  const { t } = useTranslation('admin-shipping');
  const id = useId();
  const { form, set, errors } = state;
  const offeredError = errors.standard_offered ?? errors.expedited_offered;
  return (
    <div className="ash-fields">
      {withCode && (
        <FormField
          label={t('field.code')}
          hint={t('add.codeHint', { country })}
          error={errors.code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={form.code}
          onChange={(e) => set('code', e.target.value)}
        />
      )}
      <FormField
        label={t('field.name_en')}
        error={errors.name_en}
        autoComplete="off"
        value={form.name_en}
        onChange={(e) => set('name_en', e.target.value)}
      />
      <FormField
        label={t('field.name_zh')}
        error={errors.name_zh}
        autoComplete="off"
        lang="zh"
        value={form.name_zh}
        onChange={(e) => set('name_zh', e.target.value)}
      />
      {FEE_FIELDS.map((key) => (
        <FormField
          key={key}
          label={t(`field.${key}`)}
          error={errors[key]}
          inputMode="decimal"
          autoComplete="off"
          value={form[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      ))}
      <fieldset className="ash-offered" aria-describedby={offeredError ? `${id}-offered-error` : undefined}>
        <legend className="ash-note">{t('field.offered')}</legend>
        {OFFERED_FIELDS.map((key) => (
          <label key={key} className="ash-check">
            <input
              type="checkbox"
              checked={form[key]}
              aria-invalid={offeredError ? true : undefined}
              aria-describedby={offeredError ? `${id}-offered-error` : undefined}
              onChange={(e) => set(key, e.target.checked)}
            />
            {t(`field.${key}`)}
          </label>
        ))}
        {offeredError && (
          <p id={`${id}-offered-error`} className="field__error" role="alert">
            {offeredError}
          </p>
        )}
      </fieldset>
    </div>
  );
}
