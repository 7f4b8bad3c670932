import type { Address } from '@common/contract/checkout';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_IDS, useCheckoutForm } from '@/entities/order/checkout-store';
import { AddressLines } from '@/entities/user/components/AddressLines';
import '../checkout.css';
import { AddressDialog } from './AddressDialog';
import { LoadFailed } from './LoadFailed';

interface Props {
  addresses: Address[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  /** The address the order goes to (the chosen one, else the default). */
  selectedId: number | null;
}

/** Contact and delivery: choose one of the saved addresses, add or edit one in a dialog. */
export function AddressSection({ addresses, loading, failed, onRetry, selectedId }: Props) {
  const { t } = useTranslation('checkout');
  const setAddress = useCheckoutForm((s) => s.setAddress);
  const error = useCheckoutForm((s) => s.errors.address);
  const [dialog, setDialog] = useState<{ address?: Address } | null>(null);
  const errorId = `${FIELD_IDS.address}-error`;

  return (
    <section className="co-section" aria-labelledby="co-contact-title">
      <h2 id="co-contact-title" className="co-section__title">
        {t('contact.title')}
      </h2>
      {loading && <p className="co-hint">{t('loading')}</p>}
      {failed && <LoadFailed onRetry={onRetry} />}
      {addresses && (
        <fieldset
          id={FIELD_IDS.address}
          className="co-choices"
          tabIndex={-1}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="visually-hidden">{t('contact.choose')}</legend>
          {addresses.length === 0 && <p className="co-hint">{t('contact.none')}</p>}
          {addresses.map((a) => (
            <div key={a.id} className={`co-choice${a.id === selectedId ? ' co-choice--on' : ''}`}>
              <label className="co-choice__main">
                <input
                  type="radio"
                  name="checkout-address"
                  value={a.id}
                  checked={a.id === selectedId}
                  onChange={() => setAddress(a.id)}
                />
                <AddressLines address={a} />
              </label>
              <button
                type="button"
                className="btn btn--link co-choice__edit"
                aria-label={t('contact.editAddress', { name: a.receiver_name })}
                onClick={() => setDialog({ address: a })}
              >
                {t('contact.edit')}
              </button>
            </div>
          ))}
        </fieldset>
      )}
      {error && (
        <p id={errorId} className="co-field__error" role="alert">
          {error}
        </p>
      )}
      {addresses && (
        <button type="button" className="btn btn--secondary co-add" onClick={() => setDialog({})}>
          + {t('contact.add')}
        </button>
      )}
      {dialog && (
        <AddressDialog
          address={dialog.address}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setAddress(saved.id);
            setDialog(null);
          }}
          onDeleted={() => setDialog(null)}
        />
      )}
    </section>
  );
}
