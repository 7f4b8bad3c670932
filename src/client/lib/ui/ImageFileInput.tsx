import { useEffect, useRef } from 'react';
import './image-file-input.css';

interface Props {
  /** The input's id: the caller's `<label htmlFor>` names it. */
  id: string;
  /** The picker's filter, e.g. `image/*` or `image/png,image/jpeg,image/webp`. */
  accept: string;
  required?: boolean;
  invalid?: boolean;
  /** Space-separated ids of the hint and error that describe the input. */
  describedBy?: string;
  /** The chosen file, or null; when it becomes null the input is emptied too (so the same file can be chosen again). */
  file: File | null;
  onChange(file: File | null): void;
  /** The button's words before and after a file is chosen, and the status while none is, in the shop's language. */
  chooseLabel: string;
  changeLabel: string;
  emptyLabel: string;
  /** Show the chosen file's name in the status (for screens that show no preview of their own). */
  showFileName?: boolean;
}

/**
 * A file picker in the shop's language. A native file input's own words ("Choose File", "No file chosen") follow
 * the browser's language, so the real input lies transparent over a button and a status of our own: a tap anywhere
 * on it opens the picker, the keyboard and assistive technology use the input itself (labelled by the caller,
 * described by `describedBy`), and the aria-hidden overlay only mirrors its state and focus.
 */
export function ImageFileInput({
  id,
  accept,
  required,
  invalid,
  describedBy,
  file,
  onChange,
  chooseLabel,
  changeLabel,
  emptyLabel,
  showFileName = false,
}: Props) {
  const ref = useRef<HTMLInputElement>(null);

  // The caller cleared or refused the file: empty the input as well. Runs after every render, so a file refused
  // while none was chosen before (file stays null) is cleared too.
  useEffect(() => {
    if (file === null && ref.current?.value) ref.current.value = '';
  });

  const status = file ? (showFileName ? file.name : null) : emptyLabel;

  return (
    <div className="ui-file">
      <input
        ref={ref}
        id={id}
        className="ui-file__input"
        type="file"
        accept={accept}
        required={required}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      <span className="ui-file__button" aria-hidden="true">
        {file ? changeLabel : chooseLabel}
      </span>
      {status && (
        <span className="ui-file__status" aria-hidden="true">
          {status}
        </span>
      )}
    </div>
  );
}
