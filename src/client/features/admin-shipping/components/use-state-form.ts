import { formatCents } from '@common/money';
import type { ShippingCountry } from '@common/shipping-rules';
import type { TFunction } from 'i18next';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { useFocusFirstRefused } from '@/lib/hooks/use-focus-first-refused';
import { notify } from '@/lib/toast';
import { type Problem, readStateForm, type StateField, type StateForm, type StateValues } from '../shipping-form';

export function problemText(t: TFunction, p: Problem): string {
  switch (p.kind) {
    case 'required':
      return t('invalid.required');
    case 'tooLong':
      return t('invalid.tooLong', { max: p.max });
    case 'code':
      return t('invalid.code', { country: p.country });
    case 'dollars':
      return t('invalid.dollars', { max: formatCents(p.max) });
    case 'noMethod':
      return t('invalid.noMethod');
  }
}

const FIELDS = new Set<string>([
  'code',
  'name_en',
  'name_zh',
  'standard_fee_cents',
  'expedited_fee_cents',
  'standard_offered',
  'expedited_offered',
]);

/**
 * A state's form (adding one, or editing one in its row): the typed values, their errors (checked here with the shared
 * rules first, then by the server, each at its field), and the submit. `send` gets the values read; it answers the
 * server's message, or null when nothing needed sending. After a refusal the first field refused takes the focus.
 */
export function useStateForm(
  initial: () => StateForm,
  country: ShippingCountry,
  withCode: boolean,
  send: (values: StateValues) => Promise<string | null>,
) {
  const { t } = useTranslation('admin-shipping');
  const [form, setForm] = useState<StateForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<StateField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const refused = useFocusFirstRefused(formRef);

  /** Changes one value; its error goes until the next save (either switch clears "offer at least one"). */
  const set = <K extends StateField>(field: K, value: StateForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    const offered = field === 'standard_offered' || field === 'expedited_offered';
    setErrors(({ [field]: _, ...rest }) =>
      offered ? { ...rest, standard_offered: undefined, expedited_offered: undefined } : rest,
    );
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (saving) return;
    setFormError(null);
    const read = readStateForm(form, country, withCode);
    const found = Object.fromEntries(Object.entries(read.problems).map(([k, p]) => [k, problemText(t, p)]));
    setErrors(found);
    if (Object.keys(found).length) {
      refused();
      notify.error(t('fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const message = await send(read.values);
      if (message === null) notify.info(t('nothingChanged'));
      else if (message) notify.success(message);
    } catch (err) {
      const at = err instanceof ApiError ? err.fields.filter((f) => FIELDS.has(f.field)) : [];
      if (at.length) {
        setErrors(Object.fromEntries(at.map((f) => [f.field, f.message])));
        refused();
      } else {
        setFormError(errorText(err, t('saveFailed')));
      }
    } finally {
      setSaving(false);
    }
  };

  return { form, setForm, set, errors, formError, formRef, submit, saving };
}
export type StateFormState = ReturnType<typeof useStateForm>;
