import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { focusables } from '@/lib/hooks/use-dialog-focus';
import { ChevronDownIcon } from '@/lib/icons';
import { usePointerDownOutside } from './use-pointer-down-outside';
import { categoryHref, TAG_GROUPS, tagHref, useShopMenu } from './use-shop-menu';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The desktop Shop mega-dropdown (spec §2, docs/decisions/012): the categories, then Types, Benefits and
 * Tags; every entry opens the filtered product list. A disclosure button (aria-expanded); Escape
 * closes it and returns focus to the button; ArrowDown opens it and moves into it; leaving it closes it.
 */
export function MegaMenu({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const { categories, byKind, isLoading, isError, retry } = useShopMenu();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  usePointerDownOutside(wrapper, open, close);

  // ArrowDown on the button: move to the first entry once the panel shows it (it may still be loading).
  const pendingFocus = useRef(false);
  useEffect(() => {
    if (!open) pendingFocus.current = false;
    else if (pendingFocus.current && !isLoading && panel.current) {
      const first = focusables(panel.current)[0];
      if (first) {
        pendingFocus.current = false;
        first.focus();
      }
    }
  }, [open, isLoading]);

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
        onClick={() => onOpenChange(!open)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown') return;
          e.preventDefault();
          pendingFocus.current = true;
          onOpenChange(true);
        }}
      >
        {t('nav.shop')}
        <ChevronDownIcon size={16} className="chevron" />
      </button>
      <div id={id} ref={panel} className="mega__panel" hidden={!open}>
        <div className="mega__inner">
          {isError ? (
            <p className="mega__status" role="alert">
              {t('common.loadFailed')}{' '}
              <button type="button" className="btn--link" onClick={retry}>
                {t('common.retry')}
              </button>
            </p>
          ) : isLoading ? (
            <p className="mega__status" role="status">
              {t('common.loading')}
            </p>
          ) : (
            <>
              <section className="mega__col mega__col--categories" aria-labelledby={`${id}-cat`}>
                <h2 id={`${id}-cat`} className="mega__heading">
                  {t('nav.categories')}
                </h2>
                <ul>
                  {categories.map((c) => (
                    <li key={c.id}>
                      <Link to={categoryHref(c)} onClick={close} className="mega__category">
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to="/products" onClick={close} className="mega__all">
                  {t('nav.shopAll')}
                </Link>
              </section>
              {TAG_GROUPS.map((g) => (
                <section key={g.kind} className="mega__col" aria-labelledby={`${id}-${g.kind}`}>
                  <h2 id={`${id}-${g.kind}`} className="mega__heading">
                    {t(g.label)}
                  </h2>
                  <ul>
                    {byKind[g.kind].map((tag) => (
                      <li key={tag.id}>
                        <Link to={tagHref(tag)} onClick={close}>
                          {tag.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
