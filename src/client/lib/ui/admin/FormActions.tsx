import type { ReactNode } from 'react';
import { FormError } from '@/lib/ui/FormError';
import { errorText } from '../../api/error-text';
import '../form-field.css';
import './admin-ui.css';

/**
 * A back-office form's end: the failed request's message (or the form's own message) in an alert, then its primary
 * button, disabled and busy while `busy`, and any other buttons. The primary button submits the form, or, given
 * `onClick`, is a plain button (a dialog without a form).
 */
export function FormActions({
  error,
  busy,
  label,
  onClick,
  children,
}: {
  error: unknown;
  busy: boolean;
  label: string;
  onClick?(): void;
  /** Buttons after the primary one. */
  children?: ReactNode;
}) {
  const message = errorText(error);
  return (
    <>
      <FormError>{message}</FormError>
      <div className="admin-page__actions">
        <button
          type={onClick ? 'button' : 'submit'}
          className="btn btn--primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onClick}
        >
          {label}
        </button>
        {children}
      </div>
    </>
  );
}
