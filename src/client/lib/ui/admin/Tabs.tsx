import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './admin-ui.css';

/**
 * A back-office screen's tabs (WAI-ARIA tabs: a labelled tablist, the selected tab alone in the Tab order, arrow
 * keys, Home and End move and select) and the selected tab's panel. The screen keeps which tab is selected (e.g. in
 * the address, `?tab=`).
 */
export function Tabs<T extends string>({
  tabs,
  selected,
  label,
  tabLabel,
  onSelect,
  children,
}: {
  tabs: readonly T[];
  selected: T;
  /** The tablist's accessible name. */
  label: string;
  tabLabel(tab: T): string;
  onSelect(tab: T): void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(selected);
    const to =
      e.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (index + tabs.length - 1) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onSelect(tabs[to]!);
    refs.current[to]?.focus();
  };

  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${name}`}
            aria-selected={selected === name}
            aria-controls={`${baseId}-${name}-panel`}
            tabIndex={selected === name ? 0 : -1}
            className={selected === name ? 'admin-tab admin-tab--on' : 'admin-tab'}
            onClick={() => onSelect(name)}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${selected}-panel`}
        aria-labelledby={`${baseId}-${selected}`}
        className="admin-tab-panel"
      >
        {children}
      </div>
    </>
  );
}
