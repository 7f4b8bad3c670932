import type { BankDetails } from '@common/contract/referral';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { FormField } from '@/lib/ui/FormField';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useAffiliateDashboard } from '../api/affiliate-dashboard';
import { useUpdateCommissionBank } from '../api/update-commission-bank';
import '../locales';
import '@/lib/i18n/server-messages';

type Field = 'bank_name' | 'bank_account_name' | 'bank_account_number';
const FIELDS: Field[] = ['bank_name', 'bank_account_name', 'bank_account_number'];
type BankValues = Record<Field | 'current_password', string>;

/** Settings: the bank account payouts go to; "Info updated successfully" once saved. */
export function SettingsTab() {
  const dashboard = useAffiliateDashboard();
  if (!dashboard.data) {
    return (
      <ListStatus isPending={dashboard.isPending} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
    );
  }
  return <BankForm bank={dashboard.data.bank} />;
}

function BankForm({ bank }: { bank: BankDetails }) {
  const { t } = useTranslation('affiliate');
  const save = useUpdateCommissionBank();
  const base = useId();
  const labels: Record<Field, string> = {
    bank_name: t('settings.bankName'),
    bank_account_name: t('settings.accountName'),
    bank_account_number: t('settings.accountNumber'),
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
    resetField,
  } = useForm<BankValues>({
    defaultValues: {
      bank_name: bank.bank_name ?? '',
      bank_account_name: bank.bank_account_name ?? '',
      bank_account_number: bank.bank_account_number ?? '',
      current_password: '',
    },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      () => {
        resetField('current_password');
        notify.success(t('messages:infoUpdated'));
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.fields.length > 0) {
          for (const f of err.fields) {
            if ([...FIELDS, 'current_password'].includes(f.field)) {
              setError(f.field as keyof BankValues, { message: f.message });
            }
          }
        } else {
          notify.error(err instanceof ApiError ? err.message : String(err));
        }
      },
    ),
  );

  return (
    <form className="ref-card aff-form" onSubmit={onSubmit} noValidate>
      <h2 className="aff-form__title">{t('settings.title')}</h2>
      <p className="aff-note">{t('settings.intro')}</p>
      {FIELDS.map((field) => {
        const id = `${base}-${field}`;
        const message = errors[field]?.message;
        return (
          <div key={field} className="aff-field">
            <label htmlFor={id}>{labels[field]}</label>
            <input
              id={id}
              className="aff-input"
              inputMode={field === 'bank_account_number' ? 'numeric' : undefined}
              autoComplete="off"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              {...register(field, {
                validate: (v) => {
                  const value = (v ?? '').trim();
                  if (!value) return t('settings.required', { field: labels[field] });
                  if (field === 'bank_account_number' && !/^[0-9][0-9 -]{2,38}[0-9]$/.test(value)) {
                    return t('settings.numberInvalid');
                  }
                  return true;
                },
              })}
            />
            {message && (
              <span id={`${id}-error`} className="aff-error" role="alert">
                {message}
              </span>
            )}
          </div>
        );
      })}
      <FormField
        label={t('settings.currentPassword')}
        type="password"
        autoComplete="current-password"
        hint={t('settings.currentPasswordHint')}
        error={errors.current_password?.message}
        registration={register('current_password', {
          validate: (v) => v.length > 0 || t('messages:currentPasswordRequired'),
        })}
      />
      <button type="submit" className="btn btn--primary" disabled={save.isPending}>
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </button>
    </form>
  );
}
