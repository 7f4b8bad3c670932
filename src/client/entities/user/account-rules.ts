import {
  ACCOUNT_LIMITS,
  blank,
  charLength,
  isEmail as isNormalEmail,
  isPhone as isNormalPhone,
  normalizeEmail,
  normalizePhone,
} from '@common/account-rules';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/client';
import '@/lib/i18n/server-messages';

// The server's own checks (src/common/account-rules.ts), with the shop's messages (docs/product.md §9).
// Used by registration (AuthForm) and the profile form, so both refuse exactly the same input.
const PASSWORD_MIN = ACCOUNT_LIMITS.passwordMin;

export { blank };
/** As the server reads it: trimmed and lower-cased, then checked (shape and length). */
export const isEmail = (v: string) => isNormalEmail(normalizeEmail(v));
/** As the server reads it: separators dropped, then checked. */
export const isPhone = (v: string) => isNormalPhone(normalizePhone(v));
const longEnough = (v: string) => charLength(v) >= PASSWORD_MIN;

/** react-hook-form `validate` functions for the account fields, answering with the shop's messages. */
export const accountRules = (t: TFunction) => ({
  nickname: (v: string) => !blank(v) || t('messages:nicknameRequired'),
  email: (v: string) => (blank(v) ? t('messages:emailRequired') : isEmail(v) || t('messages:emailInvalid')),
  phone: (v: string) => (blank(v) ? t('messages:phoneRequired') : isPhone(v) || t('messages:phoneInvalid')),
  /** A new password: required unless `optional` (profile: blank means unchanged, unless a confirmation was typed). */
  password: (v: string, confirm: string, optional = false) =>
    v.length === 0
      ? (optional && !confirm) || t('messages:passwordRequired')
      : longEnough(v) || t('messages:passwordTooShort'),
  /** Its confirmation, with the form's own "do not match" message (the shop has two wordings: docs/product.md §9). */
  confirmPassword: (v: string, password: string, mismatchKey: string, optional = false) =>
    optional && !password && v.length === 0
      ? true
      : v.length === 0
        ? t('messages:confirmPasswordRequired')
        : !longEnough(v)
          ? t('messages:confirmPasswordTooShort')
          : !password || v === password || t(mismatchKey),
});

/**
 * Puts the server's refusal where it belongs: each named field gets its message (the first is focused);
 * anything else (wrong credentials, too many attempts, network) is returned as the form's message.
 */
export function showServerError<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  if (!(err instanceof ApiError) || err.code === 0) return fallback;
  const placed = err.fields.filter((f) => (fields as readonly string[]).includes(f.field));
  placed.forEach((f, i) => {
    setError(f.field as Path<T>, { type: 'server', message: f.message }, { shouldFocus: i === 0 });
  });
  return placed.length ? null : err.message || fallback;
}
