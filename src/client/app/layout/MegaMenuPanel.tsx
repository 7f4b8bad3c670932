import { type MutableRefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { focusables } from '@/lib/hooks/use-dialog-focus';
import { ShopMenuStatus } from './ShopMenuStatus';
import { categoryHref, TAG_GROUPS, tagHref, useShopMenu } from './use-shop-menu';

interface Props {
  /** The panel's id: its headings' ids start with it. */
  id: string;
  close(): void;
  /** Set by ArrowDown on the Shop button: the first entry takes focus once it shows (the lists may still load). */
  focusFirst: MutableRefObject<boolean>;
}

/**
 * The Shop mega-dropdown's content (MegaMenu.tsx): its own chunk, loaded when the menu first opens (or the pointer
 * or focus reaches the Shop button), and its categories and tags fetched then, not on every first visit.
 */
export function MegaMenuPanel({ id, close, focusFirst }: Props) {
  const { t } = useTranslation();
  const menu = useShopMenu();
  const { categories, byKind, isLoading, isError } = menu;
  const inner = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusFirst.current || isLoading || !inner.current) return;
    const first = focusables(inner.current)[0];
    if (first) {
      focusFirst.current = false;
      first.focus();
    }
  }, [focusFirst, isLoading]);

  return (
    <div className="mega__inner" ref={inner}>
      {isError || isLoading ? (
        <ShopMenuStatus menu={menu} className="mega__status" />
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
  );
}
