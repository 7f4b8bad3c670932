import { lazy, Suspense, useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/lib/icons';
import { usePointerDownOutside } from './use-pointer-down-outside';

const loadPanel = () => import('./MegaMenuPanel');
const MegaMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MegaMenuPanel })));
/** The pointer or focus on the Shop button fetches the panel's chunk, so it is there when the menu opens. */
const prefetch = () => void loadPanel().catch(() => {});

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The desktop Shop mega-dropdown (docs/product.md §2, docs/decisions/012): the categories, then Types, Benefits and
 * Tags; every entry opens the filtered product list. A disclosure button (aria-expanded); Escape
 * closes it and returns focus to the button; ArrowDown opens it and moves into it; leaving it closes it.
 * Only the button is in the first load: the panel's content (MegaMenuPanel.tsx) is rendered only while open.
 */
export function MegaMenu({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  usePointerDownOutside(wrapper, open, close);

  // ArrowDown on the button: the panel moves to its first entry once it shows it (it may still be loading).
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!open) focusFirst.current = false;
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus-leave handling for the disclosure
    <div
      className="mega"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          close();
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !wrapper.current?.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={button}
        type="button"
        className="header__link mega__button"
        aria-expanded={open}
        aria-controls={id}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => onOpenChange(!open)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          focusFirst.current = true;
          onOpenChange(true);
        }}
      >
        {t('nav.shop')}
        <ChevronDownIcon size={16} className="chevron" />
      </button>
      <div id={id} className="mega__panel" hidden={!open}>
        {open && (
          <Suspense
            fallback={
              <div className="mega__inner">
                <p className="mega__status" role="status">
                  {t('common.loading')}
                </p>
              </div>
            }
          >
            <MegaMenuPanel id={id} close={close} focusFirst={focusFirst} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
