import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/lib/ui/FormError';
import { FormField } from '@/lib/ui/FormField';
import { showServerError } from '../account-rules';
import '@/lib/telegram/locales';
import '../locales';
import '@/lib/i18n/server-messages';

interface PasswordConfirmFormProps {
  /** What the customer confirms (whom they link, what it replaces), shown above the field. */
  children?: ReactNode;
  submitLabel: string;
  /** Runs the change with the password; an ApiError naming `password` is shown at the field, any other above it. */
  onConfirm(password: string): Promise<void>;
  onCancel?(): void;
  cancelLabel?: string;
}

/**
 * The account's password asked in the same step as a sensitive change (linking or unlinking Telegram,
 * docs/decisions/001): the text saying what happens, the password, then the confirm button. The password lives in this
 * form only.
 */
export function PasswordConfirmForm({
  children,
  submitLabel,
  onConfirm,
  onCancel,
  cancelLabel,
}: PasswordConfirmFormProps) {
  const { t } = useTranslation('telegram');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onConfirm(password);
    } catch (err) {
      setFormError(showServerError(err, ['password'], setError, t('user:somethingWrong')));
    }
  });

  return (
    <form className="form-stack tg-confirm" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      {children}
      <FormError>{formError}</FormError>
      <FormField
        label={t('accountPassword')}
        type="password"
        autoComplete="current-password"
        hint={t('linkPasswordHint')}
        error={errors.password?.message}
        registration={register('password', { validate: (v) => v.length > 0 || t('messages:passwordRequired') })}
      />
      <div className="tg-confirm__actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('messages:pleaseWait') : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--link" onClick={onCancel} disabled={isSubmitting}>
            {cancelLabel ?? t('cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** "Mei Chen (@mei_tea)", or the name alone: how the screens name a Telegram user (as the server's messages do). */
export const telegramWho = (tg: { name: string | null; username: string | null; id?: string | null }): string => {
  const name = tg.name || tg.username || tg.id || '';
  return tg.username ? `${name} (@${tg.username})` : name;
};
