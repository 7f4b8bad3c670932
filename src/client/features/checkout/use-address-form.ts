import { type AddressFields, addressFieldErrors } from '@common/checkout-rules';
import type { Address } from '@common/contract/checkout';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { haptic } from '@/lib/telegram/haptics';
import { toast } from '@/lib/toast';
import { useSaveAddress } from './api/save-address';
import '@/lib/i18n/server-messages';

/** The countries the shop delivers to (docs/product.md §5: the Philippines, China), as the states carry them. */
export const COUNTRIES = ['PH', 'CN'] as const;
export type Country = (typeof COUNTRIES)[number];

export type Field = keyof AddressFields | 'company' | 'country';
export type Values = Record<Exclude<Field, 'state_id'>, string> & { state_id: number | null };
export type FieldErrors = Partial<Record<Field, string>>;

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

/**
 * The address dialog's form: its values (those of `address`, else blank in the Philippines), each field's element id
 * and refusal, and `submit`: every blank required field gets its message (docs/product.md §5), else the address is
 * saved (`onSaved`) or the server's refusals show at their fields; the first refused field takes the focus.
 */
export function useAddressForm(address: Address | undefined, onSaved: (address: Address) => void) {
  const { t } = useTranslation('checkout');
  const uid = useId();
  const [values, setValues] = useState<Values>(() => (address ? fromAddress(address) : empty()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveAddress();

  const id = (field: Field) => `${uid}-${field}`;
  const errorId = (field: Field) => `${uid}-${field}-error`;
  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? errorId(field) : null, hint].filter(Boolean).join(' ') || undefined;

  const set = <F extends keyof Values>(field: F, value: Values[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusFirstError = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) window.setTimeout(() => document.getElementById(id(first))?.focus(), 0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
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
      const found: FieldErrors = {};
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

  return { values, setValues, errors, setErrors, set, id, errorId, describedBy, submit, saving: save.isPending };
}

/** The address form as its fields use it. */
export type AddressForm = ReturnType<typeof useAddressForm>;
