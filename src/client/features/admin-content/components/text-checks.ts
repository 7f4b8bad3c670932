import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api/client';

/** A text of both languages: `name_en` and `name_zh`. */
export interface PairedText {
  name: string;
  max: number;
  /** Required in both languages (else optional, but given in one language it is required in the other). */
  required: boolean;
}

/**
 * The editors' own checks of their texts before anything is sent (the server checks the same): required, the other
 * language when one is given, at most `max` characters. Answers a message per faulty field (`title_zh`, …).
 */
export function checkTexts(
  values: Record<string, string>,
  texts: readonly PairedText[],
  t: TFunction<'admin-content'>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { name, max, required } of texts) {
    const en = (values[`${name}_en`] ?? '').trim();
    const zh = (values[`${name}_zh`] ?? '').trim();
    if (!en && (required || zh)) errors[`${name}_en`] = required ? t('required') : t('needsEnglish');
    if (!zh && (required || en)) errors[`${name}_zh`] = required ? t('required') : t('needsChinese');
    if (en.length > max) errors[`${name}_en`] = t('tooLong', { max });
    if (zh.length > max) errors[`${name}_zh`] = t('tooLong', { max });
  }
  return errors;
}

/** A refusal's messages per field (the server names the fields at fault). */
export function serverFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? Object.fromEntries(err.fields.map((f) => [f.field, f.message])) : {};
}
