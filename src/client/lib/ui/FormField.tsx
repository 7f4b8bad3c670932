import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import './locales';
import './form-field.css';

/** What a field's own control (a select, a textarea) takes to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'children'> {
  label: string;
  /** react-hook-form's registration; without it the input is controlled by `value` and `onChange`. */
  registration?: UseFormRegisterReturn;
  /** The message shown at the field (role=alert, tied to the input by aria-describedby). */
  error?: string | null;
  hint?: string;
  /** Another control than an input (a select, a textarea), given the props that tie it to the label. */
  children?: (control: FieldControlProps) => ReactNode;
}

/** A labelled input (or other control) with its hint and its error at the field (brief: accessibility). */
export function FormField({ label, registration, error, hint, type = 'text', children, ...input }: Props) {
  const { t } = useTranslation('ui');
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const isPassword = type === 'password';
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {children ? (
          children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })
        ) : (
          <input
            id={id}
            className="input field__input"
            type={isPassword && shown ? 'text' : type}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            {...input}
            {...registration}
          />
        )}
        {isPassword && (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={shown}
            aria-label={shown ? t('hidePassword') : t('showPassword')}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const EyeIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);

const EyeOffIcon = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M3 3l18 18M10.6 6.1A9.7 9.7 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.1 3.7M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 4.4-1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);
