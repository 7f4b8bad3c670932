import type { ShippingCountry } from '@common/shipping-rules';
import { useTranslation } from 'react-i18next';
import { Card } from '@/lib/ui/admin/Card';
import { useShippingChange } from '../api/shipping';
import { emptyStateForm } from '../shipping-form';
import { StateFields } from './StateFields';
import { useStateForm } from './use-state-form';

/** Adds a state to `country`, last in its order; the form empties after it is added. */
export function AddStateForm({ country, countryName }: { country: ShippingCountry; countryName: string }) {
  const { t } = useTranslation('admin-shipping');
  const add = useShippingChange('/admin/shipping/states/add');
  const state = useStateForm(emptyStateForm, country, true, async (values) => {
    const message = await add.mutateAsync({ country, ...values });
    state.setForm(emptyStateForm());
    return message;
  });
  const title = t('add.title', { country: countryName });
  return (
    <Card title={title} className="ash-card">
      <form ref={state.formRef} className="ash-form" onSubmit={state.submit} noValidate aria-label={title}>
        <StateFields state={state} withCode country={country} />
        {state.formError && (
          <p className="field__error" role="alert">
            {state.formError}
          </p>
        )}
        <div className="ash-actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={state.saving}
            aria-busy={state.saving || undefined}
          >
            {state.saving ? t('saving') : t('add.submit')}
          </button>
        </div>
      </form>
    </Card>
  );
}
