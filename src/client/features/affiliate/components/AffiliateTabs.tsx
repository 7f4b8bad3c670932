import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales';

export const AFFILIATE_TABS = [
  'dashboard',
  'commission',
  'visits',
  'payments',
  'links',
  'settings',
  'downlines',
] as const;
export type AffiliateTab = (typeof AFFILIATE_TABS)[number];

export const tabId = (tab: AffiliateTab) => `affiliate-tab-${tab}`;
export const panelId = (tab: AffiliateTab) => `affiliate-panel-${tab}`;

/** The sections as tabs (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function AffiliateTabs({ active, onSelect }: { active: AffiliateTab; onSelect(tab: AffiliateTab): void }) {
  const { t } = useTranslation('affiliate');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  // On a narrow screen the strip scrolls: keep the open tab in view.
  useEffect(() => {
    refs.current[active]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = AFFILIATE_TABS.indexOf(active);
    const next =
      e.key === 'ArrowRight'
        ? AFFILIATE_TABS[(i + 1) % AFFILIATE_TABS.length]
        : e.key === 'ArrowLeft'
          ? AFFILIATE_TABS[(i - 1 + AFFILIATE_TABS.length) % AFFILIATE_TABS.length]
          : e.key === 'Home'
            ? AFFILIATE_TABS[0]
            : e.key === 'End'
              ? AFFILIATE_TABS[AFFILIATE_TABS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <div className="aff-tabs" role="tablist" aria-label={t('tabsLabel')} onKeyDown={onKeyDown}>
      {AFFILIATE_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          id={tabId(tab)}
          type="button"
          role="tab"
          className="aff-tabs__tab"
          aria-selected={tab === active}
          aria-controls={tab === active ? panelId(tab) : undefined}
          tabIndex={tab === active ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(`tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}
