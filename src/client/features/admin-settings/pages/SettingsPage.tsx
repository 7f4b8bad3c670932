import type { AdminSettingsView } from '@common/contract/admin/settings';
import { formatCents } from '@common/money';
import type { BankSetting, NumberSetting } from '@common/settings-rules';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { useClosingConfirmation } from '@/lib/telegram/closing-confirmation';
import { useIsInTelegram } from '@/lib/telegram/launch';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Card } from '@/lib/ui/admin/Card';
import { FormField } from '@/lib/ui/FormField';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useSaveSettings, useSettings } from '../api';
import { DeliveryFees } from '../components/DeliveryFees';
import { StaffAlerts } from '../components/StaffAlerts';
import {
  BANK_KEYS,
  FEE_METHODS,
  type FeeUpdate,
  feeField,
  formFrom,
  isMoneySetting,
  NUMBER_KEYS,
  type Problem,
  readForm,
  type SettingsForm,
} from '../settings-form';
import '../locales';
import '../settings.css';

/**
 * /admin/settings (owner): delivery fees per state and method, free delivery, cash reward, referral award, the bank
 * account for transfers (with what customers see), unpaid-order hours, the low-stock default and the staff alert
 * switches. One Save for the page (Telegram's MainButton inside Telegram); only what changed is sent, in cents.
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

/** The fields a refusal of a setting names (switches cannot be refused: they are only ever on or off). */
const SETTING_FIELDS = new Set<string>([...NUMBER_KEYS, ...BANK_KEYS]);

/** The server's refusals at the fields they name (`fees.<row>.<method>` is the row's state and method). */
function serverErrors(err: unknown, fees: FeeUpdate[]): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const at: Record<string, string> = {};
  for (const f of err.fields) {
    const fee = /^fees\.(\d+)\.(\w+)$/.exec(f.field);
    const method = FEE_METHODS.find((m) => m === fee?.[2]);
    const row = fee ? fees[Number(fee[1])] : undefined;
    if (row && method) at[feeField(row.state_id, method)] = f.message;
    else if (SETTING_FIELDS.has(f.field)) at[f.field] = f.message;
  }
  return at;
}

function SettingsEditor({ view }: { view: AdminSettingsView }) {
  const { t } = useTranslation('admin-settings');
  const inTelegram = useIsInTelegram();
  const save = useSaveSettings();
  const [form, setForm] = useState<SettingsForm>(() => formFrom(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped when a save is refused at fields: the first one then takes the focus.
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const pristine = useMemo(() => JSON.stringify(formFrom(view)), [view]);
  const dirty = JSON.stringify(form) !== pristine;
  useClosingConfirmation(dirty);

  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const problemText = (p: Problem): string => {
    switch (p.kind) {
      case 'dollars':
        return t('invalid.dollars', { min: formatCents(p.range.min), max: formatCents(p.range.max) });
      case 'whole':
        return t('invalid.whole', { min: p.range.min, max: p.range.max });
      case 'required':
        return t('invalid.required');
      case 'tooLong':
        return t('invalid.tooLong', { max: p.max });
    }
  };

  /** Changes one value; its error goes until the next save. */
  const edit = (field: string, change: (f: SettingsForm) => SettingsForm) => {
    setForm(change);
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const setNumber = (key: NumberSetting) => (e: { target: { value: string } }) =>
    edit(key, (f) => ({ ...f, numbers: { ...f.numbers, [key]: e.target.value } }));
  const setBank = (key: BankSetting) => (e: { target: { value: string } }) =>
    edit(key, (f) => ({ ...f, bank: { ...f.bank, [key]: e.target.value } }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const read = readForm(form, view);
    const found = Object.fromEntries(Object.entries(read.problems).map(([k, p]) => [k, problemText(p)]));
    setErrors(found);
    if (Object.keys(found).length) {
      setRefusals((n) => n + 1);
      notify.error(t('fixErrors'));
      return;
    }
    if (read.fees.length === 0 && Object.keys(read.settings).length === 0) {
      setForm(formFrom(view));
      notify.info(t('nothingChanged'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ fees: read.fees, settings: read.settings });
      setForm(formFrom(saved.view));
      notify.success(saved.message);
    } catch (err) {
      const at = serverErrors(err, read.fees);
      if (Object.keys(at).length) {
        setErrors(at);
        setRefusals((n) => n + 1);
      } else {
        setFormError(errorText(err, t('saveFailed')));
      }
    }
  };

  const numberField = (key: NumberSetting, label: string, hint: string) => (
    <FormField
      label={label}
      hint={hint}
      error={errors[key]}
      inputMode={isMoneySetting(key) ? 'decimal' : 'numeric'}
      autoComplete="off"
      data-field={key}
      value={form.numbers[key]}
      onChange={setNumber(key)}
    />
  );
  const bank = Object.fromEntries(Object.entries(form.bank).map(([k, v]) => [k, v.trim()])) as SettingsForm['bank'];

  return (
    <AdminPage
      title={t('title')}
      mainActionInPage={false}
      mainAction={{ label: t('save'), onClick: () => void submit(), disabled: !dirty, loading: save.isPending }}
    >
      <form ref={formRef} className="ast-form" onSubmit={submit} noValidate>
        <p className="ast-note">{t('intro')}</p>
        <DeliveryFees
          countries={view.countries}
          fees={form.fees}
          errors={errors}
          onChange={(stateId, method, value) =>
            edit(feeField(stateId, method), (f) => ({
              ...f,
              fees: { ...f.fees, [stateId]: { ...f.fees[stateId]!, [method]: value } },
            }))
          }
        />
        <div className="admin-grid">
          <Card title={t('free.title')} className="ast-card">
            {numberField('free_shipping_threshold_cents', t('free.label'), t('free.hint'))}
          </Card>
          <Card title={t('reward.title')} className="ast-card">
            {numberField('cash_reward_percent', t('reward.label'), t('reward.hint'))}
          </Card>
          <Card title={t('referral.title')} className="ast-card">
            {numberField('referral_award_cents', t('referral.label'), t('referral.hint'))}
          </Card>
          <Card title={t('unpaid.title')} className="ast-card">
            {numberField('unpaid_order_hours', t('unpaid.label'), t('unpaid.hint'))}
            {!view.unpaid_order_hours_set && (
              <p className="ast-note">{t('unpaid.following', { hours: view.unpaid_order_hours_default })}</p>
            )}
          </Card>
          <Card title={t('lowStock.title')} className="ast-card">
            {numberField('low_stock_default', t('lowStock.label'), t('lowStock.hint'))}
          </Card>
          <Card title={t('exchange.title')} className="ast-card">
            {numberField('exchange_days', t('exchange.label'), t('exchange.hint'))}
          </Card>
          <Card title={t('bank.title')} className="ast-card">
            <p className="ast-note">{t('bank.intro')}</p>
            {BANK_KEYS.map((key) => (
              <FormField
                key={key}
                label={t(`bank.${key}`)}
                error={errors[key]}
                autoComplete="off"
                data-field={key}
                value={form.bank[key]}
                onChange={setBank(key)}
              />
            ))}
            <div className="ast-preview">
              <p className="ast-note">{t('bank.preview')}</p>
              <dl>
                <dt>{t('bank.bank_name')}</dt>
                <dd>{bank.bank_name || '—'}</dd>
                <dt>{t('bank.bank_account_name')}</dt>
                <dd>{bank.bank_account_name || '—'}</dd>
                <dt>{t('bank.bank_account_number')}</dt>
                <dd className="ast-mono">{bank.bank_account_number || '—'}</dd>
              </dl>
            </div>
          </Card>
        </div>
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
              disabled={!dirty || save.isPending}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? t('saving') : t('save')}
            </button>
          </div>
        )}
      </form>
    </AdminPage>
  );
}
