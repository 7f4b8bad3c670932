import { type InputHTMLAttributes, useId } from 'react';

/** A labelled text input of this screen's dialogs, with its hint and its error tied to it for screen readers. */
export function Field({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string | null } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
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

/** The message of a failed request, for a dialog's alert. */
export const errorText = (err: unknown): string | null =>
  err instanceof Error ? err.message : err ? String(err) : null;
