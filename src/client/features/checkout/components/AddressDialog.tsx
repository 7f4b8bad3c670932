import type { Address } from '@common/contract/checkout';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useStates } from '../api/get-states';
import '../checkout.css';
import { Modal } from '@/lib/ui/Modal';
import { useAddressForm } from '../use-address-form';
import { CountryStateFields, TextField } from './AddressFields';
import { TelegramPhoneButton } from './TelegramPhoneButton';
import '@/lib/i18n/server-messages';

interface Props {
  /** The address to edit; none adds a new one. */
  address?: Address;
  onClose(): void;
  onSaved(address: Address): void;
  onDeleted?(addressId: number): void;
}

/**
 * Add or edit a delivery address (a modal dialog). Every blank required field shows its message at the field
 * (docs/product.md §5, Delivery); the server's refusals show at their fields too. States are those of the chosen
 * country (Philippines or China), from /v2/get-states.
 */
export function AddressDialog({ address, onClose, onSaved, onDeleted }: Props) {
  const { t } = useTranslation('checkout');
  const form = useAddressForm(address, onSaved);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const states = useStates();
  const remove = useDeleteAddress();

  const doDelete = async () => {
    if (!address) return;
    try {
      await remove.mutateAsync(address.id);
      toast.success(t('contact.deleted'));
      onDeleted?.(address.id);
    } catch (err) {
      haptic('error');
      toast.error(err instanceof Error ? err.message : t('loadFailed'));
      setConfirmDelete(false);
    }
  };

  const busy = form.saving || remove.isPending;

  return (
    <Modal
      title={address ? t('address.editTitle') : t('address.addTitle')}
      closeLabel={t('address.close')}
      onClose={onClose}
      busy={busy}
    >
      <form className="co-form" noValidate onSubmit={form.submit}>
        <TextField form={form} field="receiver_name" label={t('address.receiverName')} autoComplete="name" />
        <TextField form={form} field="phone" label={t('address.phone')} autoComplete="tel" inputMode="tel" type="tel" />
        <TelegramPhoneButton onPhone={(phone) => form.set('phone', phone)} />
        <TextField form={form} field="address" label={t('address.address')} autoComplete="street-address" />
        <TextField form={form} field="city" label={t('address.city')} autoComplete="address-level2" />
        <CountryStateFields
          form={form}
          states={states}
          kept={address && { id: address.state_id, name: address.state_name, country: address.country }}
        />
        <div className="co-form__row">
          <TextField form={form} field="zip" label={t('address.zip')} autoComplete="postal-code" inputMode="text" />
          <TextField form={form} field="company" label={t('address.company')} autoComplete="organization" />
        </div>
        <div className="dialog__actions co-dialog__actions">
          {address && onDeleted && !confirmDelete && (
            <button
              type="button"
              className="btn btn--link co-danger co-dialog__delete"
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
            >
              {t('contact.delete')}
            </button>
          )}
          {confirmDelete && (
            <div className="co-confirm">
              <span role="alert">{t('contact.deleteConfirm')}</span>
              <button type="button" className="btn btn--secondary co-danger" onClick={doDelete} disabled={busy}>
                {t('contact.delete')}
              </button>
              <button type="button" className="btn btn--link" onClick={() => setConfirmDelete(false)}>
                {t('address.cancel')}
              </button>
            </div>
          )}
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            {t('address.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={form.saving || undefined}>
            {form.saving ? t('messages:pleaseWait') : t('address.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
