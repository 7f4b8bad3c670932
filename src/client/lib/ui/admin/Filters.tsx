import { type ReactNode, useId } from 'react';
import './admin-ui.css';

/**
 * A back-office list's filters: a labelled search landmark of SearchFilter and SelectFilter fields, with a "Clear"
 * button while any filter is set (`clear`, from useUrlFilters's `filtered` and `clear`).
 */
export function FilterBar({
  label,
  clear,
  children,
}: {
  label: string;
  clear?: { label: string; onClick(): void } | false;
  children: ReactNode;
}) {
  return (
    <search className="admin-filters" aria-label={label}>
      {children}
      {clear && (
        <button type="button" className="btn btn--secondary" onClick={clear.onClick}>
          {clear.label}
        </button>
      )}
    </search>
  );
}

/** A filter bar's search box (useUrlFilters's `text` and `search`: the list follows after a pause in typing). */
export function SearchFilter({
  label,
  value,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  placeholder?: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * A filter bar's select: `any` (no filter, the empty value) first, then `choices` named by `choiceLabel`, or the
 * options given as children (groups, names from the server).
 */
export function SelectFilter<C extends string>({
  label,
  value,
  any,
  choices,
  choiceLabel,
  onChange,
  children,
}: {
  label: string;
  value: string | number | undefined;
  any: string;
  choices?: readonly C[];
  choiceLabel?(choice: C): string;
  onChange(value: string): void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {choices?.map((c) => (
          <option key={c} value={c}>
            {choiceLabel ? choiceLabel(c) : c}
          </option>
        ))}
        {children}
      </select>
    </label>
  );
}
