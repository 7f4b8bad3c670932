import { type ReactNode, useId, useRef } from 'react';
import { useDialogFocus } from '../hooks/use-dialog-focus';
import { useScrollLock } from '../hooks/use-scroll-lock';
import './modal.css';

interface Props {
  title: ReactNode;
  /** The close control's accessible name, in the current language. */
  closeLabel: string;
  onClose(): void;
  /** While true, neither the backdrop, Escape nor the close control closes it (a request is in flight). */
  busy?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog of the checkout and order screens: labelled by its title, focus kept inside, Escape,
 * the close control or a click on the backdrop closes it, page scrolling locked while open. On a
 * phone it rises from the bottom as a sheet. One is open at a time.
 */
export function Modal({ title, closeLabel, onClose, busy = false, className, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock(true);
  useDialogFocus(ref, true, { onEscape: busy ? undefined : onClose });
  return (
    <div className="overlay overlay--center co-modal-overlay">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on click; Escape and the close control are the keyboard ways */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div className="co-modal__backdrop" onClick={busy ? undefined : onClose} />
      <div
        ref={ref}
        className={`dialog co-modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="co-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose} disabled={busy}>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
