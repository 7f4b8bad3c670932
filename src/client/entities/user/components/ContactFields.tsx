import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import '../locales';
import { FormField } from '@/lib/ui/FormField';
import { accountRules } from '../account-rules';

interface ContactValues extends FieldValues {
  nickname: string;
  email: string;
  phone: string;
}

/**
 * Nickname, e-mail and phone with their checks (docs/product.md §9): the same fields on registration and the profile.
 */
export function ContactFields<T extends ContactValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation('user');
  const rules = accountRules(t);
  const field = (name: keyof ContactValues & string) => name as Path<T>;
  const message = (name: keyof ContactValues & string) => errors[name]?.message as string | undefined;
  return (
    <>
      <FormField
        label={t('nickname')}
        autoComplete="nickname"
        error={message('nickname')}
        registration={register(field('nickname'), { validate: (v) => rules.nickname(v) })}
      />
      <FormField
        label={t('email')}
        type="email"
        autoComplete="email"
        error={message('email')}
        registration={register(field('email'), { validate: (v) => rules.email(v) })}
      />
      <FormField
        label={t('phone')}
        type="tel"
        autoComplete="tel"
        error={message('phone')}
        registration={register(field('phone'), { validate: (v) => rules.phone(v) })}
      />
    </>
  );
}
