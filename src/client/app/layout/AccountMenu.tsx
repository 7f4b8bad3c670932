import { lazy, Suspense, useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, UserIcon } from '@/lib/icons';
import { usePointerDownOutside } from './use-pointer-down-outside';

const loadPanel = () => import('./AccountMenuPanel');
const AccountMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.AccountMenuPanel })));
/** The pointer or focus on the Acct button fetches the entries' chunk, so they are there when the menu opens. */
const prefetch = () => void loadPanel().catch(() => {});

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The logged-in "Acct" dropdown (docs/product.md §2): Affiliate for agents (is_agent 1) or Referral, Profile,
 * My Cart, Order History, Cash Reward, Log out. A disclosure: Escape or a click elsewhere closes it.
 * Only the button is in the first load: the entries (AccountMenuPanel.tsx) are rendered only while open.
 */
export function AccountMenu({ open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  usePointerDownOutside(wrapper, open, close);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and focus-leave handling for the disclosure
    <div
      className="dropdown"
      ref={wrapper}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          onOpenChange(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (open && !wrapper.current?.contains(e.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="header__pill"
        aria-expanded={open}
        aria-controls={id}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => onOpenChange(!open)}
      >
        <UserIcon size={20} />
        <span>{t('nav.acct')}</span>
        <ChevronDownIcon size={16} className="chevron" />
      </button>
      <div id={id} className="dropdown__panel" hidden={!open}>
        {open && (
          <Suspense fallback={null}>
            <AccountMenuPanel close={close} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
