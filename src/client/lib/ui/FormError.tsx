import type { ReactNode } from 'react';
import './form-field.css';

/** A form's own error (not one field's): announced as it appears; nothing is rendered without a message. */
export function FormError({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
