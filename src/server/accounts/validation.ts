import { charLength, isEmail, isPhone, normalizeEmail, normalizePhone } from '../../common/account-rules';
import { ACCOUNT_LIMITS } from '../../common/contract/accounts';
import type { MessageKey } from '../../common/i18n/messages';
import { isUniqueViolation } from '../db/errors';
import { unprocessable } from '../lib/errors';

// The account forms' checks with the shop's messages (docs/product.md section 9), all fields at once, and the refusals
// of contacts the database found taken.

/** Password length in characters (not UTF-16 units). */
const length = charLength;

// ---------------------------------------------------------------------------
// Validation with the shop's messages (docs/product.md section 9), all fields at once
// ---------------------------------------------------------------------------

export interface Issue {
  field: string;
  key: MessageKey;
}

/** 422 naming every field at fault; the message is the first field's (or `summary` when given). */
export function refuse(issues: Issue[], summary?: MessageKey): never {
  throw unprocessable(summary ?? issues[0]!.key, {}, issues);
}

export const blank = (v: string | undefined): boolean => v === undefined || v.trim() === '';

function contactIssues(input: { nickname?: string; email?: string; phone?: string }): Issue[] {
  const issues: Issue[] = [];
  if (blank(input.nickname)) issues.push({ field: 'nickname', key: 'nicknameRequired' });
  if (blank(input.email)) issues.push({ field: 'email', key: 'emailRequired' });
  else if (!isEmail(normalizeEmail(input.email!))) issues.push({ field: 'email', key: 'emailInvalid' });
  if (blank(input.phone)) issues.push({ field: 'phone', key: 'phoneRequired' });
  else if (!isPhone(normalizePhone(input.phone!))) issues.push({ field: 'phone', key: 'phoneInvalid' });
  return issues;
}

function newPasswordIssues(password: string | undefined, confirm: string | undefined, mismatch: MessageKey): Issue[] {
  const issues: Issue[] = [];
  if (!password) issues.push({ field: 'password', key: 'passwordRequired' });
  else if (length(password) < ACCOUNT_LIMITS.passwordMin) issues.push({ field: 'password', key: 'passwordTooShort' });
  if (!confirm) issues.push({ field: 'confirm_password', key: 'confirmPasswordRequired' });
  else if (length(confirm) < ACCOUNT_LIMITS.passwordMin)
    issues.push({ field: 'confirm_password', key: 'confirmPasswordTooShort' });
  else if (password && password !== confirm) issues.push({ field: 'confirm_password', key: mismatch });
  return issues;
}

/**
 * A new password and its confirmation (the reset-password page): the messages of docs/product.md section 9, every field
 * at fault (422).
 */
export function validateNewPassword(password: string | undefined, confirm: string | undefined): void {
  const issues = newPasswordIssues(password, confirm, 'passwordsDoNotMatch');
  if (issues.length) refuse(issues);
}

export interface RegisterInput {
  nickname?: string;
  email?: string;
  phone?: string;
  password?: string;
  confirm_password?: string;
  referral_code?: string;
  joined_via?: 'link' | 'code';
  visitor_key?: string;
}

/** The register form's checks (docs/product.md section 9). Throws 422 with every field at fault. */
export function validateRegistration(input: RegisterInput): void {
  const required = [input.nickname, input.email, input.phone, input.password, input.confirm_password];
  const issues = [
    ...contactIssues(input),
    ...newPasswordIssues(input.password, input.confirm_password, 'passwordsDoNotMatch'),
  ];
  if (required.every(blank)) refuse(issues, 'registerAllRequired');
  if (issues.length) refuse(issues);
}

export interface ProfileInput {
  nickname?: string;
  email?: string;
  phone?: string;
  password?: string;
  confirm_password?: string;
  /** Needed when the password, e-mail or phone number changes. */
  current_password?: string;
  /** With a new password: also remove the account's Telegram link. */
  unlink_telegram?: boolean;
}

/** The profile form's checks: like register, but a blank password and confirmation mean "unchanged". */
export function validateProfile(input: ProfileInput): void {
  const changingPassword = !!input.password || !!input.confirm_password;
  const issues = [
    ...contactIssues(input),
    ...(changingPassword ? newPasswordIssues(input.password, input.confirm_password, 'passwordNotMatch') : []),
  ];
  if (issues.length) refuse(issues);
}

const UNIQUE_USER_COLUMNS = ['referral_code', 'telegram_user_id', 'email', 'phone'] as const;

/** Which unique column of users a failed insert/update hit, on SQLite or PostgreSQL; null for anything else. */
export function violatedUserColumn(err: unknown): (typeof UNIQUE_USER_COLUMNS)[number] | null {
  return UNIQUE_USER_COLUMNS.find((column) => isUniqueViolation(err, `users.${column}`)) ?? null;
}

export function refuseTaken(taken: { email: boolean; phone: boolean }): void {
  const issues: Issue[] = [];
  if (taken.email) issues.push({ field: 'email', key: 'emailTaken' });
  if (taken.phone) issues.push({ field: 'phone', key: 'phoneTaken' });
  if (issues.length) refuse(issues);
}
