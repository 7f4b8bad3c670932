import type { OrderDetails } from '@common/contract/orders';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddresses } from '@/entities/user/api/get-addresses';
import { AddressLines } from '@/entities/user/components/AddressLines';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useUpdateOrderAddress } from '../api/update-order-address';
import '../orders.css';
import '@/lib/i18n/server-messages';

/** Within the window: choose another saved address for the order (/v2/update-order-address). */
export function ChangeAddress({ order, onDone }: { order: OrderDetails; onDone(): void }) {
  const { t } = useTranslation('orders');
  const addresses = useAddresses();
  const update = useUpdateOrderAddress();
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = addresses.data?.addresses ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen === null) {
      setError(t('window.chooseAddress'));
      return;
    }
    try {
      await update.mutateAsync({ order_id: order.id, address_id: chosen });
      toast.success(t('messages:addressUpdated'));
      onDone();
    } catch (err) {
      haptic('error');
      setError(err instanceof Error ? err.message : t('loadFailed'));
    }
  };

  if (addresses.isPending) return <p className="ord-hint">{t('loading')}</p>;
  if (addresses.isError) {
    return (
      <p role="alert">
        {t('loadFailed')}{' '}
        <button type="button" className="btn--link" onClick={() => void addresses.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  if (list.length === 0) return <p className="ord-hint">{t('window.noAddresses')}</p>;

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="ord-choices" aria-describedby={error ? 'ord-change-error' : undefined}>
        <legend className="ord-field__label">{t('window.chooseAddress')}</legend>
        {list.map((a) => (
          <label key={a.id} className={`ord-choice${chosen === a.id ? ' ord-choice--on' : ''}`}>
            <input
              type="radio"
              name="order-address"
              value={a.id}
              checked={chosen === a.id}
              onChange={() => {
                setChosen(a.id);
                setError(null);
              }}
            />
            <AddressLines address={a} />
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="ord-change-error" className="ord-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone} disabled={update.isPending}>
          {t('window.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? t('messages:pleaseWait') : t('window.save')}
        </button>
      </div>
    </form>
  );
}
