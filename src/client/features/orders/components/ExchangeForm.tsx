import type { OrderDetails } from '@common/contract/orders';
import { EXCHANGE_NOTE_MAX, EXCHANGE_REASONS, type ExchangeReason, noteRequired } from '@common/exchange-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/ui/FormField';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import { useExchangeForm } from '../hooks/use-exchange-form';
import '../exchange-locales';
import '../exchanges.css';

/** "Request exchange": which line, how many, the reason, a note (required for "Other") and an optional photo. */
export function ExchangeForm({
  order,
  items,
  onDone,
}: {
  order: OrderDetails;
  items: OrderDetails['items'];
  onDone(): void;
}) {
  const { t } = useTranslation('exchanges');
  const reasonName = useId();
  const form = useExchangeForm(order, items, onDone);
  const { line, errors, reason, photo } = form;

  return (
    <form ref={form.formRef} className="ord-exchange-form" onSubmit={form.submit} noValidate aria-label={t('request')}>
      <FormField label={t('item')} error={errors.order_item_id}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={line.id}
            onChange={(e) => form.chooseItem(Number(e.target.value))}
          >
            {items.map((i) => (
              <option key={i.id} value={i.id}>
                {t('itemOption', { name: i.name, variant: i.variant_name, quantity: i.quantity })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('quantity')}
        hint={t('quantityHint', { max: line.quantity })}
        error={errors.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        max={line.quantity}
        value={form.quantity}
        onChange={(e) => form.setQuantity(e.target.value)}
      />
      <ReasonField name={reasonName} reason={reason} error={errors.reason} onChange={form.setReason} />
      <FormField label={noteRequired(reason) ? t('note') : t('noteOptional')} hint={t('noteHint')} error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            maxLength={EXCHANGE_NOTE_MAX}
            value={form.note}
            aria-required={noteRequired(reason) || undefined}
            onChange={(e) => form.setNote(e.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('photo')} hint={t('photoHint')} error={errors.photo}>
        {(control) => (
          <ImageFileInput
            id={control.id}
            accept="image/png,image/jpeg,image/webp"
            invalid={Boolean(control['aria-invalid'])}
            describedBy={control['aria-describedby']}
            file={photo}
            onChange={form.choosePhoto}
            chooseLabel={t('choosePhoto')}
            changeLabel={t('changePhoto')}
            emptyLabel={t('noPhoto')}
            showFileName
          />
        )}
      </FormField>
      {photo && (
        <button type="button" className="btn btn--link" onClick={() => form.setPhoto(null)}>
          {t('removePhoto')}
        </button>
      )}
      {form.formError && (
        <p className="ord-field__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="ord-exchange-form__actions">
        <button type="submit" className="btn btn--primary" disabled={form.sending} aria-busy={form.sending}>
          {form.sending ? t('sending') : t('submit')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onDone} disabled={form.sending}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The reasons as radios (`name` groups them), with the reason's refusal. */
function ReasonField({
  name,
  reason,
  error,
  onChange,
}: {
  name: string;
  reason: ExchangeReason;
  error: string | undefined;
  onChange(reason: ExchangeReason): void;
}) {
  const { t } = useTranslation('exchanges');
  return (
    <fieldset className="ord-exchange-form__reasons">
      <legend className="ord-field__label">{t('reason')}</legend>
      {EXCHANGE_REASONS.map((r) => (
        <label key={r} className="ord-radio">
          <input
            type="radio"
            name={name}
            value={r}
            checked={reason === r}
            aria-invalid={error && reason === r ? true : undefined}
            onChange={() => onChange(r)}
          />
          {t(`reasons.${r}`)}
        </label>
      ))}
      {error && (
        <p className="ord-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
