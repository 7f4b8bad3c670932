import type { AdminSettingsView } from '@common/contract/admin/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/lib/ui/admin/Card';
import { FEE_METHODS, type FeeMethod, feeField, type SettingsForm } from '../settings-form';

/**
 * The Delivery fees section: one table per country (Philippines, China), a state per row, Standard and Expedited
 * in dollars. Each input is named by its state and method for screen readers; its error is tied to it.
 */
export function DeliveryFees({
  countries,
  fees,
  errors,
  onChange,
}: {
  countries: AdminSettingsView['countries'];
  fees: SettingsForm['fees'];
  errors: Record<string, string>;
  onChange(stateId: number, method: FeeMethod, value: string): void;
}) {
  const { t, i18n } = useTranslation('admin-settings');
  const id = useId();
  const methodName = (m: FeeMethod) => (m === 'standard_fee_cents' ? t('fees.standard') : t('fees.expedited'));
  const methodNote = (m: FeeMethod) => (m === 'standard_fee_cents' ? t('fees.standardNote') : t('fees.expeditedNote'));
  return (
    <Card title={t('fees.title')} className="ast-card ast-fees">
      <p className="ast-note">{t('fees.intro')}</p>
      {countries.map((group) => (
        <table key={group.country} className="ast-fee-table">
          <caption>{t(`countries.${group.country}`, { defaultValue: group.country })}</caption>
          <colgroup>
            <col />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('fees.state')}</th>
              {FEE_METHODS.map((m) => (
                <th key={m} scope="col">
                  {methodName(m)} <span className="ast-note">({methodNote(m)})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {group.states.map((state) => {
              const name = i18n.language === 'zh' ? state.name_zh : state.name_en;
              return (
                <tr key={state.id}>
                  <th scope="row">{name}</th>
                  {FEE_METHODS.map((m) => {
                    const field = feeField(state.id, m);
                    const error = errors[field];
                    const errorId = `${id}-${state.id}-${m}-error`;
                    return (
                      <td key={m}>
                        <span className="ast-money">
                          <span aria-hidden="true">$</span>
                          <input
                            className="input ast-input"
                            inputMode="decimal"
                            autoComplete="off"
                            data-field={field}
                            aria-label={t('fees.label', { method: methodName(m), state: name })}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? errorId : undefined}
                            value={fees[state.id]?.[m] ?? ''}
                            onChange={(e) => onChange(state.id, m, e.target.value)}
                          />
                        </span>
                        {error && (
                          <p id={errorId} className="field__error" role="alert">
                            {error}
                          </p>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </Card>
  );
}
