import type { StaffAlertSetting } from '@common/settings-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/lib/ui/admin/Card';
import { ALERT_KEYS, type SettingsForm } from '../settings-form';

/** The Staff alerts section: one switch per kind of the bot's alerts, with what it is about. */
export function StaffAlerts({
  alerts,
  onChange,
}: {
  alerts: SettingsForm['alerts'];
  onChange(key: StaffAlertSetting, on: boolean): void;
}) {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  return (
    <Card title={t('alerts.title')} className="ast-card">
      <p className="ast-note">{t('alerts.intro')}</p>
      <ul className="ast-switches">
        {ALERT_KEYS.map((key) => (
          <li key={key}>
            {/* Only the name labels the switch; its hint describes it (inside the label it was read twice). */}
            <div className="ast-switch">
              <span className="ast-switch__text">
                <label className="ast-switch__name" htmlFor={`${id}-${key}`}>
                  {t(`alerts.${key}`)}
                </label>
                <span id={`${id}-${key}-hint`} className="ast-note">
                  {t(`alerts.${key}Hint`)}
                </span>
              </span>
              <span className="ast-switch__control">
                <input
                  id={`${id}-${key}`}
                  type="checkbox"
                  role="switch"
                  aria-checked={alerts[key]}
                  data-field={key}
                  aria-describedby={`${id}-${key}-hint`}
                  checked={alerts[key]}
                  onChange={(e) => onChange(key, e.target.checked)}
                />
                <span aria-hidden="true">{alerts[key] ? t('alerts.on') : t('alerts.off')}</span>
              </span>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
