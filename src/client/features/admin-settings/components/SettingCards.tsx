import type { AdminSettingsView } from '@common/contract/admin/settings';
import type { BankSetting, NumberSetting } from '@common/settings-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '@/lib/ui/admin/Card';
import { FormField } from '@/lib/ui/FormField';
import { BANK_KEYS, isMoneySetting, type SettingsForm } from '../settings-form';

/**
 * The settings with one value each (cash reward, referral award, unpaid-order hours, the low-stock default, exchange
 * days), the bank account for transfers with what customers see, the abandoned-cart reminder, and where delivery fees
 * are (the Shipping page).
 */
export function SettingCards({
  view,
  form,
  errors,
  edit,
}: {
  view: AdminSettingsView;
  form: SettingsForm;
  errors: Record<string, string>;
  edit(field: string, change: (f: SettingsForm) => SettingsForm): void;
}) {
  const { t } = useTranslation('admin-settings');
  const setNumber = (key: NumberSetting) => (e: { target: { value: string } }) =>
    edit(key, (f) => ({ ...f, numbers: { ...f.numbers, [key]: e.target.value } }));
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
  return (
    <div className="admin-grid">
      <Card title={t('shipping.title')} className="ast-card">
        <p className="ast-note">{t('shipping.text')}</p>
        <Link to="/admin/shipping">{t('shipping.link')}</Link>
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
      <BankCard bank={form.bank} errors={errors} edit={edit} />
      <RemindersCard form={form} edit={edit}>
        {numberField('abandoned_cart_hours', t('reminders.hoursLabel'), t('reminders.hoursHint'))}
      </RemindersCard>
    </div>
  );
}

/**
 * The abandoned-cart reminder (docs/decisions/056): off until the owner turns it on, and after how many idle hours.
 * Only customers who turned marketing messages on get it; the product page sets "Running low?" per product.
 */
function RemindersCard({
  form,
  edit,
  children,
}: {
  form: SettingsForm;
  edit(field: string, change: (f: SettingsForm) => SettingsForm): void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  const on = form.marketing.abandoned_cart_reminders;
  return (
    <Card title={t('reminders.title')} className="ast-card">
      <p className="ast-note">{t('reminders.intro')}</p>
      <div className="ast-switch">
        <span className="ast-switch__text">
          <label className="ast-switch__name" htmlFor={`${id}-cart`}>
            {t('reminders.cart')}
          </label>
          <span id={`${id}-cart-hint`} className="ast-note">
            {t('reminders.cartHint')}
          </span>
        </span>
        <span className="ast-switch__control">
          <input
            id={`${id}-cart`}
            type="checkbox"
            role="switch"
            aria-checked={on}
            data-field="abandoned_cart_reminders"
            aria-describedby={`${id}-cart-hint`}
            checked={on}
            onChange={(e) =>
              edit('abandoned_cart_reminders', (f) => ({
                ...f,
                marketing: { ...f.marketing, abandoned_cart_reminders: e.target.checked },
              }))
            }
          />
          <span aria-hidden="true">{on ? t('alerts.on') : t('alerts.off')}</span>
        </span>
      </div>
      {children}
    </Card>
  );
}

/** The bank account for transfers, and how customers will see it. */
function BankCard({
  bank: typed,
  errors,
  edit,
}: {
  bank: SettingsForm['bank'];
  errors: Record<string, string>;
  edit(field: string, change: (f: SettingsForm) => SettingsForm): void;
}) {
  const { t } = useTranslation('admin-settings');
  const setBank = (key: BankSetting) => (e: { target: { value: string } }) =>
    edit(key, (f) => ({ ...f, bank: { ...f.bank, [key]: e.target.value } }));
  const bank = Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, v.trim()])) as SettingsForm['bank'];
  return (
    <Card title={t('bank.title')} className="ast-card">
      <p className="ast-note">{t('bank.intro')}</p>
      {BANK_KEYS.map((key) => (
        <FormField
          key={key}
          label={t(`bank.${key}`)}
          error={errors[key]}
          autoComplete="off"
          data-field={key}
          value={typed[key]}
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
  );
}
