import type { ExchangeRequest } from '@common/contract/exchanges';
import type { OrderDetails } from '@common/contract/orders';
import { EXCHANGE_NOTE_MAX, EXCHANGE_REASONS, type ExchangeReason, noteRequired } from '@common/exchange-rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { formatDateTime } from '@/lib/format/date';
import { haptic } from '@/lib/telegram/haptics';
import { notify } from '@/lib/toast';
import { ExternalLink } from '@/lib/ui/ExternalLink';
import { FormField } from '@/lib/ui/FormField';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import { useOrderExchanges, useRequestExchange } from '../api/exchanges';
import '../exchange-locales';
import '../exchanges.css';
import '@/lib/i18n/server-messages';

/**
 * Exchanges on a Completed order's page (issue 17, docs/decisions/020): until when one can be asked, each request's
 * status (Requested; Approved, with what is sent instead; Declined, with the reason) and "Request exchange": the
 * line, how many, the reason, a note (required for "Other") and an optional photo.
 */
export function OrderExchanges({ order }: { order: OrderDetails }) {
  const { t } = useTranslation('exchanges');
  const completed = order.status === 'Completed';
  const exchanges = useOrderExchanges(order.id, completed);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const askRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form just closed (sent or cancelled): the focus goes back to "Request exchange", else to the section's title,
  // rather than being lost with the form's buttons.
  const [closed, setClosed] = useState(0);
  useEffect(() => {
    if (closed) (askRef.current ?? titleRef.current)?.focus();
  }, [closed]);
  if (!completed) return null;
  const data = exchanges.data;
  if (!data) {
    if (!exchanges.error) return null;
    return (
      <section aria-labelledby={titleId} className="ord-block">
        <h3 id={titleId} className="ord-block__title">
          {t('title')}
        </h3>
        <p className="ord-hint" role="alert">
          {t('loadFailed')}{' '}
          <button type="button" className="btn btn--link" onClick={() => void exchanges.refetch()}>
            {t('retry')}
          </button>
        </p>
      </section>
    );
  }
  const open = order.items.filter((i) => data.open_item_ids.includes(i.id));
  return (
    <section aria-labelledby={titleId} className="ord-block ord-exchanges">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="ord-block__title">
        {t('title')}
      </h3>
      {data.deadline && (
        <p className="ord-hint">{t(data.can_request ? 'until' : 'ended', { date: formatDateTime(data.deadline) })}</p>
      )}
      {data.requests.length > 0 && (
        <ul className="ord-exchanges__list" aria-label={t('listLabel')}>
          {data.requests.map((r) => (
            <RequestItem key={r.id} request={r} />
          ))}
        </ul>
      )}
      {data.can_request && open.length === 0 && data.requests.length > 0 && <p className="ord-hint">{t('allAsked')}</p>}
      {data.can_request && open.length > 0 && !asking && (
        <button
          ref={askRef}
          type="button"
          className="btn btn--secondary"
          aria-label={t('requestFor', { no: order.order_no })}
          onClick={() => setAsking(true)}
        >
          {t('request')}
        </button>
      )}
      {data.can_request && open.length > 0 && asking && (
        <ExchangeForm
          order={order}
          items={open}
          onDone={() => {
            setAsking(false);
            setClosed((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}

function RequestItem({ request: r }: { request: ExchangeRequest }) {
  const { t } = useTranslation('exchanges');
  const answer =
    r.status === 'approved'
      ? t('approvedAnswer', { answer: r.answer ?? '' })
      : r.status === 'declined'
        ? t('declinedAnswer', { answer: r.answer ?? '' })
        : t('requestedAnswer');
  return (
    <li className="ord-exchange" data-status={r.status}>
      <p className="ord-exchange__item">
        {t('requestLine', { name: r.name, variant: r.variant_name, quantity: r.quantity })}
      </p>
      <p className={`ord-exchange__status ord-exchange__status--${r.status}`}>{answer}</p>
      <p className="ord-hint">
        {t('reasonLine', { reason: t(`reasons.${r.reason}`) })} · {t('asked', { date: formatDateTime(r.created_at) })}
      </p>
      {r.note && <p className="ord-exchange__note">{r.note}</p>}
      {r.photo_url && <ExternalLink href={`${API_BASE}${r.photo_url}`}>{t('viewPhoto')}</ExternalLink>}
    </li>
  );
}

type Field = 'order_item_id' | 'quantity' | 'reason' | 'note' | 'photo';
const FIELDS: readonly Field[] = ['order_item_id', 'quantity', 'reason', 'note', 'photo'];

function ExchangeForm({ order, items, onDone }: { order: OrderDetails; items: OrderDetails['items']; onDone(): void }) {
  const { t } = useTranslation('exchanges');
  const ask = useRequestExchange(order.id);
  const reasonName = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [itemId, setItemId] = useState(items[0]!.id);
  const line = items.find((i) => i.id === itemId) ?? items[0]!;
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [reason, setReason] = useState<ExchangeReason>('damaged');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped when fields are refused: the first refused one then takes the focus.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // Opened from "Request exchange" (which the form replaces): the focus moves to its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('select')?.focus();
  }, []);

  const refuse = (at: Partial<Record<Field, string>>) => {
    setErrors(at);
    setRefusals((n) => n + 1);
    haptic('error');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (ask.isPending) return;
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    const qty = Number(quantity);
    if (!Number.isInteger(qty) || qty < 1 || qty > line.quantity) {
      found.quantity = t('messages:exchangeQuantity', { max: line.quantity });
    }
    if (noteRequired(reason) && !note.trim()) found.note = t('messages:exchangeNoteRequired');
    if (Object.keys(found).length) return refuse(found);
    setErrors({});
    try {
      const { message } = await ask.mutateAsync({
        order_id: order.id,
        order_item_id: line.id,
        quantity: qty,
        reason,
        note: note.trim() || undefined,
        photo: photo ?? undefined,
      });
      haptic('success');
      notify.success(message || t('request'));
      onDone();
    } catch (err) {
      const at: Partial<Record<Field, string>> = {};
      if (err instanceof ApiError) {
        for (const f of err.fields) if (FIELDS.includes(f.field as Field)) at[f.field as Field] = f.message;
      }
      if (Object.keys(at).length) refuse(at);
      else {
        haptic('error');
        setFormError(errorText(err, t('failed')));
      }
    }
  };

  return (
    <form ref={formRef} className="ord-exchange-form" onSubmit={submit} noValidate aria-label={t('request')}>
      <FormField label={t('item')} error={errors.order_item_id}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={line.id}
            onChange={(e) => {
              const next = items.find((i) => i.id === Number(e.target.value));
              setItemId(Number(e.target.value));
              if (next) setQuantity(String(next.quantity));
            }}
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
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <fieldset className="ord-exchange-form__reasons">
        <legend className="ord-field__label">{t('reason')}</legend>
        {EXCHANGE_REASONS.map((r) => (
          <label key={r} className="ord-radio">
            <input
              type="radio"
              name={reasonName}
              value={r}
              checked={reason === r}
              aria-invalid={errors.reason && reason === r ? true : undefined}
              onChange={() => setReason(r)}
            />
            {t(`reasons.${r}`)}
          </label>
        ))}
        {errors.reason && (
          <p className="ord-field__error" role="alert">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <FormField label={noteRequired(reason) ? t('note') : t('noteOptional')} hint={t('noteHint')} error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            maxLength={EXCHANGE_NOTE_MAX}
            value={note}
            aria-required={noteRequired(reason) || undefined}
            onChange={(e) => setNote(e.target.value)}
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
            onChange={(file) => {
              if (file && !file.type.startsWith('image/')) {
                setPhoto(null);
                setErrors((e) => ({ ...e, photo: t('photoNotImage') }));
                return;
              }
              setErrors(({ photo: _, ...rest }) => rest);
              setPhoto(file);
            }}
            chooseLabel={t('choosePhoto')}
            changeLabel={t('changePhoto')}
            emptyLabel={t('noPhoto')}
            showFileName
          />
        )}
      </FormField>
      {photo && (
        <button type="button" className="btn btn--link" onClick={() => setPhoto(null)}>
          {t('removePhoto')}
        </button>
      )}
      {formError && (
        <p className="ord-field__error" role="alert">
          {formError}
        </p>
      )}
      <div className="ord-exchange-form__actions">
        <button type="submit" className="btn btn--primary" disabled={ask.isPending} aria-busy={ask.isPending}>
          {ask.isPending ? t('sending') : t('submit')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onDone} disabled={ask.isPending}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
