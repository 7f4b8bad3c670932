import type { Address } from '@common/contract/checkout';
import type { Subscription } from '@common/contract/subscriptions';
import { formatCents } from '@common/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatDate } from '@/lib/format/date';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { Modal } from '@/lib/ui/Modal';
import { useCancelSubscription } from '../api/cancel-subscription';
import { type UpdateSubscriptionInput, useUpdateSubscription } from '../api/update-subscription';
import '../locales';
import '../subscriptions.css';
import '@/lib/i18n/server-messages';
import { Thumbnail } from '@/lib/ui/Thumbnail';

const FREQUENCY_OPTIONS = [2, 4, 8] as const;

interface Draft {
  quantity: number;
  frequency: number;
  addressId: number;
  shippingMethod: 'standard' | 'expedited';
}

const draftOf = (s: Subscription): Draft => ({
  quantity: s.quantity,
  frequency: s.frequency_weeks,
  addressId: s.address.id,
  shippingMethod: s.shipping_method,
});

/** Which of the server's field names an error message belongs to. */
type FieldName = 'quantity' | 'frequency_weeks' | 'address_id' | 'shipping_method';

/**
 * One subscription: product, packaging, price now (15% off), next delivery; while active, a form to change
 * quantity, frequency, address and shipping method ("Save changes"), "Skip next delivery" and "Cancel
 * subscription" (after a confirmation dialog). Refusals show at their field.
 */
export function SubscriptionCard({ subscription: s, addresses }: { subscription: Subscription; addresses: Address[] }) {
  const { t } = useTranslation('subscriptions');
  const uid = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(s));
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const active = s.status === 'active';
  const busy = update.isPending || cancel.isPending;
  const titleId = `${uid}-title`;
  const ids = {
    quantity: `${uid}-quantity`,
    frequency_weeks: `${uid}-frequency`,
    address_id: `${uid}-address`,
    shipping_method: `${uid}-shipping`,
    form: `${uid}-form-error`,
  };

  const changes: Omit<UpdateSubscriptionInput, 'subscription_id'> = {};
  if (draft.quantity !== s.quantity) changes.quantity = draft.quantity;
  if (draft.frequency !== s.frequency_weeks) changes.frequency_weeks = draft.frequency;
  if (draft.addressId !== s.address.id) changes.address_id = draft.addressId;
  if (draft.shippingMethod !== s.shipping_method) changes.shipping_method = draft.shippingMethod;
  const changed = Object.keys(changes).length > 0;

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const fail = (err: unknown) => {
    haptic('error');
    if (err instanceof ApiError && err.fields.length) {
      const next: typeof errors = {};
      for (const f of err.fields) {
        if (f.field in ids) next[f.field as FieldName] = f.message;
      }
      if (Object.keys(next).length) {
        setErrors(next);
        return;
      }
    }
    const message = err instanceof Error ? err.message : t('loadFailed');
    setErrors({ form: message });
    toast.error(message);
  };

  const send = async (input: Omit<UpdateSubscriptionInput, 'subscription_id'>, success: string) => {
    try {
      const { subscription } = await update.mutateAsync({ subscription_id: s.id, ...input });
      setDraft(draftOf(subscription));
      setErrors({});
      toast.success(success);
    } catch (err) {
      fail(err);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!changed) {
      setErrors({ form: t('noChanges') });
      return;
    }
    void send(changes, t('messages:subscriptionUpdated'));
  };

  const unit = s.unit_price_cents;
  const describe = (field: FieldName, extra?: string) =>
    [errors[field] ? `${ids[field]}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: FieldName) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="sub-field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;
  // The subscription's address may be missing from the list while it loads.
  const addressOptions = addresses.some((a) => a.id === s.address.id)
    ? addresses
    : [{ id: s.address.id, receiver_name: s.address.receiver_name, summary: s.address.summary }, ...addresses];

  return (
    <li className={`sub-card${active ? '' : ' sub-card--ended'}`}>
      <article aria-labelledby={titleId}>
        <div className="sub-card__head">
          {s.image ? (
            <Thumbnail className="sub-card__img" src={s.image} size={72} />
          ) : (
            <span className="sub-card__img" />
          )}
          <div className="sub-card__text">
            <h2 id={titleId} className="sub-card__name">
              {s.name}
            </h2>
            <p className="sub-hint">
              {s.variant_name} · {t('everyWeeks', { count: s.frequency_weeks })} · {t('quantity')} {s.quantity}
            </p>
            <span className={`sub-badge sub-badge--${s.status}`}>{t(s.status)}</span>
          </div>
        </div>

        <dl className="sub-facts">
          <div>
            <dt>{t('nextDelivery')}</dt>
            <dd>{active ? formatDate(s.next_due_at, { invalid: 'raw' }) : t('noNextDelivery')}</dd>
          </div>
          <div>
            <dt>{t('price')}</dt>
            <dd>
              <span className="sub-price">{t('each', { price: formatCents(unit) })}</span>
              {s.regular_unit_price_cents > unit && (
                <span className="sub-hint">
                  {' '}
                  <s>{t('regular', { price: formatCents(s.regular_unit_price_cents) })}</s> · {t('saving')}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('perDeliveryLabel')}</dt>
            <dd>
              <span className="sub-total">{formatCents(unit * (active ? draft.quantity : s.quantity))}</span>
              <span className="sub-hint"> {t('deliveryFeeNote')}</span>
            </dd>
          </div>
          <div>
            <dt>{t('deliverTo')}</dt>
            <dd>
              {s.address.receiver_name}, {s.address.summary}
            </dd>
          </div>
        </dl>

        {active && !s.available && (
          <p className="sub-warning" role="note">
            {t('unavailable')}
          </p>
        )}

        {active && (
          <form className="sub-form" onSubmit={save} noValidate aria-describedby={errors.form ? ids.form : undefined}>
            <div className="sub-field">
              <label htmlFor={ids.quantity} className="sub-field__label">
                {t('quantity')}
              </label>
              <div className="sub-stepper">
                <button
                  type="button"
                  className="icon-btn sub-stepper__btn"
                  aria-label={t('decrease')}
                  disabled={busy || draft.quantity <= 1}
                  onClick={() => set({ quantity: Math.max(1, draft.quantity - 1) })}
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
                  value={draft.quantity}
                  disabled={busy}
                  aria-invalid={errors.quantity ? true : undefined}
                  aria-describedby={describe('quantity', `${ids.quantity}-hint`)}
                  onChange={(e) => {
                    const n = Math.floor(Number(e.target.value));
                    set({ quantity: Number.isFinite(n) && n >= 1 ? n : 1 });
                  }}
                />
                <button
                  type="button"
                  className="icon-btn sub-stepper__btn"
                  aria-label={t('increase')}
                  disabled={busy}
                  onClick={() => {
                    if (draft.quantity >= s.stock) {
                      toast.error(t('messages:notEnoughStock'), { id: `sub-stock-${s.id}` });
                      return;
                    }
                    set({ quantity: draft.quantity + 1 });
                  }}
                >
                  <span aria-hidden="true">+</span>
                </button>
              </div>
              <span id={`${ids.quantity}-hint`} className="sub-hint">
                {t('maxQuantity', { count: Math.max(0, s.stock) })}
              </span>
              {fieldError('quantity')}
            </div>

            <div className="sub-field">
              <label htmlFor={ids.frequency_weeks} className="sub-field__label">
                {t('frequency')}
              </label>
              <select
                id={ids.frequency_weeks}
                className="input sub-select"
                value={draft.frequency}
                disabled={busy}
                aria-invalid={errors.frequency_weeks ? true : undefined}
                aria-describedby={describe('frequency_weeks')}
                onChange={(e) => set({ frequency: Number(e.target.value) })}
              >
                {FREQUENCY_OPTIONS.map((w) => (
                  <option key={w} value={w}>
                    {t('everyWeeks', { count: w })}
                  </option>
                ))}
              </select>
              {fieldError('frequency_weeks')}
            </div>

            <div className="sub-field">
              <label htmlFor={ids.address_id} className="sub-field__label">
                {t('address')}
              </label>
              <select
                id={ids.address_id}
                className="input sub-select"
                value={draft.addressId}
                disabled={busy}
                aria-invalid={errors.address_id ? true : undefined}
                aria-describedby={describe('address_id')}
                onChange={(e) => set({ addressId: Number(e.target.value) })}
              >
                {addressOptions.map((a) => (
                  <option key={a.id} value={a.id}>
                    {'summary' in a
                      ? `${a.receiver_name}, ${a.summary}`
                      : `${a.receiver_name}, ${a.address}, ${a.city}, ${a.state_name} ${a.zip}`}
                  </option>
                ))}
              </select>
              {fieldError('address_id')}
            </div>

            <div className="sub-field">
              <label htmlFor={ids.shipping_method} className="sub-field__label">
                {t('shippingMethod')}
              </label>
              <select
                id={ids.shipping_method}
                className="input sub-select"
                value={draft.shippingMethod}
                disabled={busy}
                aria-invalid={errors.shipping_method ? true : undefined}
                aria-describedby={describe('shipping_method')}
                onChange={(e) => set({ shippingMethod: e.target.value === 'expedited' ? 'expedited' : 'standard' })}
              >
                <option value="standard">{t('standard')}</option>
                <option value="expedited">{t('expedited')}</option>
              </select>
              {fieldError('shipping_method')}
            </div>

            {errors.form && (
              <p id={ids.form} className="sub-field__error" role="alert">
                {errors.form}
              </p>
            )}

            <div className="sub-actions">
              <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={!changed || undefined}>
                {update.isPending ? t('busy') : t('save')}
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={busy}
                onClick={() => void send({ skip_next: true }, t('messages:subscriptionSkipped'))}
              >
                {t('skip')}
              </button>
              <button
                type="button"
                className="btn btn--secondary sub-danger"
                disabled={busy}
                onClick={() => setConfirming(true)}
              >
                {t('cancel')}
              </button>
            </div>
          </form>
        )}
      </article>

      {confirming && (
        <Modal
          title={t('confirmCancelTitle')}
          closeLabel={t('close')}
          onClose={() => setConfirming(false)}
          busy={cancel.isPending}
        >
          <p>{t('confirmCancel', { name: s.name })}</p>
          <div className="dialog__actions">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={cancel.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('keep')}
            </button>
            <button
              type="button"
              className="btn btn--primary sub-danger-btn"
              disabled={cancel.isPending}
              onClick={async () => {
                try {
                  await cancel.mutateAsync(s.id);
                  toast.success(t('messages:subscriptionCancelled'));
                  setConfirming(false);
                } catch (err) {
                  setConfirming(false);
                  fail(err);
                }
              }}
            >
              {cancel.isPending ? t('messages:pleaseWait') : t('cancel')}
            </button>
          </div>
        </Modal>
      )}
    </li>
  );
}
