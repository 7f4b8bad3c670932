import type { Address } from '@common/contract/checkout';
import type { Subscription } from '@common/contract/subscriptions';
import { formatCents } from '@common/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SavedCardLine } from '@/entities/user/components/SavedCardLine';
import { formatDate } from '@/lib/format/date';
import { toast } from '@/lib/toast';
import { Modal } from '@/lib/ui/Modal';
import { useSubscriptionEdit } from '../hooks/use-subscription-edit';
import { SubscriptionForm } from './SubscriptionForm';
import '../locales';
import '../subscriptions.css';
import '@/lib/i18n/server-messages';
import { Thumbnail } from '@/lib/ui/Thumbnail';

/**
 * One subscription: product, packaging, price now (15% off), next delivery; while active, a form to change
 * quantity, frequency, address and shipping method ("Save changes"), "Skip next delivery" and "Cancel
 * subscription" (after a confirmation dialog). Refusals show at their field.
 */
export function SubscriptionCard({ subscription: s, addresses }: { subscription: Subscription; addresses: Address[] }) {
  const { t } = useTranslation('subscriptions');
  const uid = useId();
  const [confirming, setConfirming] = useState(false);
  const active = s.status === 'active';
  const titleId = `${uid}-title`;
  const ids = {
    quantity: `${uid}-quantity`,
    frequency_weeks: `${uid}-frequency`,
    address_id: `${uid}-address`,
    shipping_method: `${uid}-shipping`,
    form: `${uid}-form-error`,
  };
  const { draft, errors, changed, set, fail, send, save, update, cancel } = useSubscriptionEdit(s, ids);
  const busy = update.isPending || cancel.isPending;

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync(s.id);
      toast.success(t('messages:subscriptionCancelled'));
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      fail(err);
    }
  };

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

        <SubscriptionFacts subscription={s} quantity={active ? draft.quantity : s.quantity} />

        {active && s.renewal_failure && <RenewalFailure failure={s.renewal_failure} />}

        {active && !s.available && (
          <p className="sub-warning" role="note">
            {t('unavailable')}
          </p>
        )}

        {active && (
          <SubscriptionForm
            subscription={s}
            addresses={addresses}
            draft={draft}
            onChange={set}
            fields={{ ids, errors, busy }}
            saving={update.isPending}
            changed={changed}
            onSave={save}
            onSkip={() => void send({ skip_next: true }, t('messages:subscriptionSkipped'))}
            onCancel={() => setConfirming(true)}
          />
        )}
      </article>

      {confirming && (
        <ConfirmCancelDialog
          name={s.name}
          pending={cancel.isPending}
          onKeep={() => setConfirming(false)}
          onConfirm={confirmCancel}
        />
      )}
    </li>
  );
}

/** "Cancel subscription?": Keep it, or cancel it (busy while the cancellation is under way). */
function ConfirmCancelDialog({
  name,
  pending,
  onKeep,
  onConfirm,
}: {
  name: string;
  pending: boolean;
  onKeep(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Modal title={t('confirmCancelTitle')} closeLabel={t('close')} onClose={onKeep} busy={pending}>
      <p>{t('confirmCancel', { name })}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" disabled={pending} onClick={onKeep}>
          {t('keep')}
        </button>
        <button type="button" className="btn btn--primary sub-danger-btn" disabled={pending} onClick={onConfirm}>
          {pending ? t('messages:pleaseWait') : t('cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** Next delivery, the price now (and the regular one it saves on), per delivery at `quantity`, and where it goes. */
function SubscriptionFacts({ subscription: s, quantity }: { subscription: Subscription; quantity: number }) {
  const { t } = useTranslation('subscriptions');
  const active = s.status === 'active';
  const unit = s.unit_price_cents;
  return (
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
          <span className="sub-total">{formatCents(unit * quantity)}</span>
          <span className="sub-hint"> {t('deliveryFeeNote')}</span>
        </dd>
      </div>
      <div>
        <dt>{t('deliverTo')}</dt>
        <dd>
          {s.address.receiver_name}, {s.address.summary}
        </dd>
      </div>
      {active && s.payment_method === 'card' && (
        <div>
          <dt>{t('payment')}</dt>
          <dd>
            {s.saved_card ? (
              <>
                <span className="sub-hint">{t('chargedTo')}</span> <SavedCardLine card={s.saved_card} />
              </>
            ) : (
              <span className="sub-hint">{t('payEachRenewal')}</span>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** Why the last renewal was not charged to the card, with its order (where Pay now is). */
function RenewalFailure({ failure }: { failure: NonNullable<Subscription['renewal_failure']> }) {
  const { t } = useTranslation('subscriptions');
  return (
    <p className="sub-warning" role="note">
      {t(`renewalFailure.${failure.reason}`, { orderNo: failure.order_no })} {t('renewalFailurePay')}{' '}
      <Link to={`/order?id=${failure.order_id}`}>{t('openRenewal', { orderNo: failure.order_no })}</Link>
    </p>
  );
}
