import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../Modal';
import { FormActions } from './FormActions';

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
  const body = (
    <>
      {children}
      <FormActions
        error={error}
        busy={busy}
        label={busy && busyLabel ? busyLabel : confirmLabel}
        onClick={form ? undefined : onConfirm}
      >
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
      </FormActions>
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
