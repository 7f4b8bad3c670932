import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../copy-text';
import { notify } from '../toast';
import './locales';
import './copy-field.css';
import '@/lib/i18n/server-messages';

/** A read-only value with a Copy button; a failed copy says "Failed to copy text: {{txt}}". */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('ui');
  const id = useId();
  const copy = async () => {
    try {
      await copyText(value);
      notify.success(t('copied'));
    } catch {
      notify.error(t('messages:copyFailed', { txt: value }));
    }
  };
  return (
    <div className="copy-field">
      <label htmlFor={id} className="copy-field__label">
        {label}
      </label>
      <div className="copy-field__row">
        <input id={id} className="copy-field__input" value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn--secondary copy-field__button" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
    </div>
  );
}
