import { centsToDecimal, formatCents } from '@common/money';
import { FREE_SHIPPING_THRESHOLD_RANGE } from '@common/shipping-rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { Card } from '@/lib/ui/admin/Card';
import { FormField } from '@/lib/ui/FormField';
import { useShippingChange } from '../api/shipping';
import { readThreshold } from '../shipping-form';

/** The free-delivery threshold, typed in dollars, saved in cents. */
export function FreeThreshold({ cents }: { cents: number }) {
  const { t } = useTranslation('admin-shipping');
  const save = useShippingChange('/admin/shipping/free-threshold');
  const [text, setText] = useState(() => centsToDecimal(cents));
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = readThreshold(text);
    if (wanted === null) {
      setError(t('invalid.dollars', { max: formatCents(FREE_SHIPPING_THRESHOLD_RANGE.max) }));
      return;
    }
    if (wanted === cents) {
      setText(centsToDecimal(cents));
      notify.info(t('nothingChanged'));
      return;
    }
    try {
      notify.success(await save.mutateAsync({ free_shipping_threshold_cents: wanted }));
      setText(centsToDecimal(wanted));
    } catch (err) {
      setError(errorText(err, t('saveFailed')));
    }
  };

  return (
    <Card title={t('free.title')} className="ash-card">
      <form className="ash-form ash-form--inline" onSubmit={submit} noValidate>
        <FormField
          label={t('free.label')}
          hint={t('free.hint')}
          error={error}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <div className="ash-actions">
          <button
            type="submit"
            className="btn btn--secondary"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? t('saving') : t('free.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
