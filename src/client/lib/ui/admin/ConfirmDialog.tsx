import type { FormEvent, ReactNode } from 'react';
import { errorText } from '../../api/error-text';
import { Modal } from '../Modal';
import '../form-field.css';

/**
 * A back-office dialog that asks before a change: its text (or its fields), the failed request's message, and
 * confirm / cancel. While `busy` both buttons are disabled and the dialog cannot be closed. With `form`, the body is
 * a form (Enter submits it) and the confirm button is its submit button.
 */
export function ConfirmDialog({
  title,
  closeLabel,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
  form,
  children,
}: {
  title: string;
  /** The close control's accessible name. */
  closeLabel: string;
  confirmLabel: string;
  /** The confirm button's label while busy (else it keeps its label). */
  busyLabel?: string;
  cancelLabel: string;
  busy: boolean;
  /** A failed request (or a message): shown in an alert above the buttons. */
  error?: unknown;
  onConfirm(): void;
  onClose(): void;
  /** The body is a form: the class of the form element (true: none). */
  form?: string | true;
  children: ReactNode;
}) {
  const message = errorText(error);
  const body = (
    <>
      {children}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <div className="admin-page__actions">
        <button
          type={form ? 'submit' : 'button'}
          className="btn btn--primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={form ? undefined : onConfirm}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm();
  };
  return (
    <Modal title={title} closeLabel={closeLabel} onClose={onClose} busy={busy}>
      {form ? (
        <form className={form === true ? undefined : form} onSubmit={submit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Modal>
  );
}
