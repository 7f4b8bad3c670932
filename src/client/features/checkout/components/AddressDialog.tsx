import { type AddressFields, addressFieldErrors } from '@common/checkout-rules';
import type { Address } from '@common/contract/checkout';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useStates } from '../api/get-states';
import { useSaveAddress } from '../api/save-address';
import '../checkout.css';
import { Modal } from '@/lib/ui/Modal';
import { LoadFailed } from './LoadFailed';
import { TelegramPhoneButton } from './TelegramPhoneButton';
import '@/lib/i18n/server-messages';

/** The countries the shop delivers to (spec §3: Philippine, China), as the states carry them. */
const COUNTRIES = ['PH', 'CN'] as const;
type Country = (typeof COUNTRIES)[number];

type Field = keyof AddressFields | 'company' | 'country';
type Values = Record<Exclude<Field, 'state_id'>, string> & { state_id: number | null };

const empty = (): Values => ({
  receiver_name: '',
  phone: '',
  address: '',
  city: '',
  state_id: null,
  zip: '',
  company: '',
  country: 'PH',
});

const fromAddress = (a: Address): Values => ({
  receiver_name: a.receiver_name,
  phone: a.phone,
  address: a.address,
  city: a.city,
  state_id: a.state_id,
  zip: a.zip,
  company: a.company ?? '',
  country: a.country,
});

const FIELD_ORDER: Field[] = ['receiver_name', 'phone', 'address', 'city', 'country', 'state_id', 'zip', 'company'];

interface Props {
  /** The address to edit; none adds a new one. */
  address?: Address;
  onClose(): void;
  onSaved(address: Address): void;
  onDeleted?(addressId: number): void;
}

/**
 * Add or edit a delivery address (a modal dialog). Every blank required field shows its spec §5
 * message at the field; the server's refusals show at their fields too. States are those of the
 * chosen country (Philippines or China), from /v2/get-states.
 */
export function AddressDialog({ address, onClose, onSaved, onDeleted }: Props) {
  const { t } = useTranslation('checkout');
  const uid = useId();
  const [values, setValues] = useState<Values>(() => (address ? fromAddress(address) : empty()));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const states = useStates();
  const save = useSaveAddress();
  const remove = useDeleteAddress();

  const countryStates = useMemo(
    () => (states.data?.states ?? []).filter((s) => s.country === values.country),
    [states.data, values.country],
  );
  const id = (field: Field) => `${uid}-${field}`;
  const errorId = (field: Field) => `${uid}-${field}-error`;

  const set = <F extends keyof Values>(field: F, value: Values[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusFirstError = (found: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) window.setTimeout(() => document.getElementById(id(first))?.focus(), 0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Partial<Record<Field, string>> = {};
    for (const { field, key } of addressFieldErrors(values)) local[field] = t(`messages:${key}`);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      haptic('error');
      focusFirstError(local);
      return;
    }
    try {
      const { address: saved } = await save.mutateAsync({
        address_id: address?.id,
        receiver_name: values.receiver_name.trim(),
        phone: values.phone.trim(),
        address: values.address.trim(),
        city: values.city.trim(),
        state_id: values.state_id ?? undefined,
        zip: values.zip.trim(),
        company: values.company.trim() || undefined,
        country: values.country,
      });
      toast.success(t('messages:addressUpdated'));
      onSaved(saved);
    } catch (err) {
      haptic('error');
      const found: Partial<Record<Field, string>> = {};
      if (err instanceof ApiError) {
        for (const f of err.fields) {
          if ((FIELD_ORDER as string[]).includes(f.field)) found[f.field as Field] = f.message;
        }
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        focusFirstError(found);
      } else {
        toast.error(err instanceof Error ? err.message : t('loadFailed'));
      }
    }
  };

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

  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? errorId(field) : null, hint].filter(Boolean).join(' ') || undefined;

  const error = (field: Field) =>
    errors[field] ? (
      <p id={errorId(field)} className="co-field__error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  const textField = (
    field: Exclude<Field, 'state_id' | 'country'>,
    label: string,
    props: { autoComplete?: string; inputMode?: 'tel' | 'numeric' | 'text'; type?: string } = {},
  ) => (
    <div className="co-field">
      <label className="co-field__label" htmlFor={id(field)}>
        {label}
      </label>
      <input
        id={id(field)}
        className="input"
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        aria-required={field === 'company' ? undefined : true}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
      />
      {error(field)}
    </div>
  );

  const busy = save.isPending || remove.isPending;

  return (
    <Modal
      title={address ? t('address.editTitle') : t('address.addTitle')}
      closeLabel={t('address.close')}
      onClose={onClose}
      busy={busy}
    >
      <form className="co-form" noValidate onSubmit={submit}>
        {textField('receiver_name', t('address.receiverName'), { autoComplete: 'name' })}
        {textField('phone', t('address.phone'), { autoComplete: 'tel', inputMode: 'tel', type: 'tel' })}
        <TelegramPhoneButton onPhone={(phone) => set('phone', phone)} />
        {textField('address', t('address.address'), { autoComplete: 'street-address' })}
        {textField('city', t('address.city'), { autoComplete: 'address-level2' })}
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
                setValues((v) => ({
                  ...v,
                  country,
                  // A state of the other country no longer fits.
                  state_id: states.data?.states.some((s) => s.id === v.state_id && s.country === country)
                    ? v.state_id
                    : null,
                }));
                setErrors((er) => ({ ...er, country: undefined }));
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
            {error('country')}
          </div>
          <div className="co-field">
            <label className="co-field__label" htmlFor={id('state_id')}>
              {t('address.state')}
            </label>
            <select
              id={id('state_id')}
              className="input"
              value={values.state_id ?? ''}
              onChange={(e) => set('state_id', e.target.value ? Number(e.target.value) : null)}
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
            {error('state_id')}
            {states.isError && <LoadFailed onRetry={() => void states.refetch()} className="co-field__error" />}
          </div>
        </div>
        <div className="co-form__row">
          {textField('zip', t('address.zip'), { autoComplete: 'postal-code', inputMode: 'text' })}
          {textField('company', t('address.company'), { autoComplete: 'organization' })}
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
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={save.isPending || undefined}>
            {save.isPending ? t('messages:pleaseWait') : t('address.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
