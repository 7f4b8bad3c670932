import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/ui/FormField';
import { accountRules } from '../account-rules';

interface PasswordValues extends FieldValues {
  password: string;
  confirm_password: string;
}

/**
 * A new password and its confirmation with the checks of docs/product.md §9: registration, the password reset and the
 * profile (where both may stay blank: `optional`). `mismatchKey`: the message key of "not the same" on that screen.
 */
export function NewPasswordFields<T extends PasswordValues>({
  register,
  errors,
  labels,
  hint,
  mismatchKey,
  optional = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels: { password: string; confirm: string };
  hint?: string;
  mismatchKey: string;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const rules = accountRules(t);
  const message = (name: keyof PasswordValues & string) => errors[name]?.message as string | undefined;
  return (
    <>
      <FormField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={hint}
        error={message('password')}
        registration={register('password' as Path<T>, {
          validate: (v, all) => rules.password(v, all.confirm_password, optional),
        })}
      />
      <FormField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        hint={hint}
        error={message('confirm_password')}
        registration={register('confirm_password' as Path<T>, {
          validate: (v, all) => rules.confirmPassword(v, all.password, mismatchKey, optional),
        })}
      />
    </>
  );
}
