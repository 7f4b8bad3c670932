import type { AdminSettingsView } from '@common/contract/admin/settings';
import { useTranslation } from 'react-i18next';
import { useIsInTelegram } from '@/lib/telegram/launch';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useSettings } from '../api/settings';
import { SettingCards } from '../components/SettingCards';
import { StaffAlerts } from '../components/StaffAlerts';
import { useSettingsForm } from '../components/use-settings-form';
import '../locales';
import '../settings.css';

/**
 * /admin/settings (owner): cash reward, referral award, the bank account for transfers (with what customers see),
 * unpaid-order hours, the low-stock default and the staff alert switches; delivery fees and free delivery are on
 * /admin/shipping (docs/decisions/041), linked from here. One Save for the page (Telegram's MainButton inside Telegram); only what changed is sent, in cents.
 */
export default function SettingsPage() {
  const { t } = useTranslation('admin-settings');
  const settings = useSettings();
  if (!settings.data) {
    return (
      <AdminPage title={t('title')}>
        <ListStatus isPending={settings.isPending} error={settings.error} onRetry={() => settings.refetch()} />
      </AdminPage>
    );
  }
  return <SettingsEditor view={settings.data} />;
}

function SettingsEditor({ view }: { view: AdminSettingsView }) {
  const { t } = useTranslation('admin-settings');
  const inTelegram = useIsInTelegram();
  const { form, errors, formError, formRef, dirty, edit, submit, saving } = useSettingsForm(view);
  return (
    <AdminPage
      title={t('title')}
      mainActionInPage={false}
      mainAction={{ label: t('save'), onClick: () => void submit(), disabled: !dirty, loading: saving }}
    >
      <form ref={formRef} className="ast-form" onSubmit={submit} noValidate>
        <p className="ast-note">{t('intro')}</p>
        <SettingCards view={view} form={form} errors={errors} edit={edit} />
        <StaffAlerts
          alerts={form.alerts}
          onChange={(key, on) => edit(key, (f) => ({ ...f, alerts: { ...f.alerts, [key]: on } }))}
        />
        {formError && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        {!inTelegram && (
          <div className="ast-savebar">
            <span className="ast-note" aria-live="polite">
              {dirty ? t('unsaved') : ''}
            </span>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={!dirty || saving}
              aria-busy={saving || undefined}
            >
              {saving ? t('saving') : t('save')}
            </button>
          </div>
        )}
      </form>
    </AdminPage>
  );
}
