import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/ui/FormField';
import type { TextLang } from './LanguageSwitch';
import '../locales';

/**
 * An editor's messages per field and the language it shows: `show` puts messages up and switches to the language of
 * the first field at fault (`title_zh` → 中文); `clear` drops a field's message as it is edited.
 */
export function useTextErrors() {
  const [lang, setLang] = useState<TextLang>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const show = (found: Record<string, string>) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setLang(first.endsWith('_zh') ? 'zh' : 'en');
  };
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  return { lang, setLang, errors, show, clear };
}

/**
 * An editor's two texts in the language it shows (a question and its answer, a page's title and text): a one-line
 * field and a textarea, their labels naming the language. `line` and `text` name the texts without the language
 * (`question` for `question_en` and `question_zh`).
 */
export function OneLanguageFields<K extends string>({
  lang,
  values,
  errors,
  onChange,
  line,
  text,
}: {
  lang: TextLang;
  values: Record<K, string>;
  errors: Record<string, string>;
  onChange(field: K, value: string): void;
  line: { name: string; label: string };
  text: { name: string; label: string; hint: string; rows: number };
}) {
  const { t } = useTranslation('admin-content');
  const lineField = `${line.name}_${lang}` as K;
  const textField = `${text.name}_${lang}` as K;
  const inLang = (label: string) => `${label} (${t(`lang.${lang}`)})`;
  return (
    <div lang={lang === 'zh' ? 'zh' : 'en'} className="form-stack">
      <FormField
        key={lineField}
        label={inLang(line.label)}
        value={values[lineField]}
        onChange={(e) => onChange(lineField, e.target.value)}
        error={errors[lineField]}
        autoComplete="off"
      />
      <FormField key={textField} label={inLang(text.label)} hint={text.hint} error={errors[textField]}>
        {(control) => (
          <textarea
            {...control}
            className="input field__input acn-textarea"
            rows={text.rows}
            value={values[textField]}
            onChange={(e) => onChange(textField, e.target.value)}
          />
        )}
      </FormField>
    </div>
  );
}

/** Shows or hides a preview (the region `controls`). */
export function PreviewButton({ open, controls, onToggle }: { open: boolean; controls: string; onToggle(): void }) {
  const { t } = useTranslation('admin-content');
  return (
    <button
      type="button"
      className="btn btn--secondary"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? t('hidePreview') : t('preview')}
    </button>
  );
}
