import type { PageSlug } from '@common/content-rules';
import { useIsMutating } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlTab } from '@/lib/hooks/use-url-tab';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Tabs } from '@/lib/ui/admin/Tabs';
import { contentKeys } from '../api/keys';
import { BannersTab } from '../components/BannersTab';
import { FaqTab } from '../components/FaqTab';
import { DiscardDialog, PagesTab } from '../components/PagesTab';
import '../locales';
import '../content.css';

const TABS = ['banners', 'pages', 'faq'] as const;
type Tab = (typeof TABS)[number];

/**
 * /admin/content (permission `content`): Banners, Pages and FAQ as tabs (the tab is in the address, `?tab=`). The
 * main action (Telegram's MainButton inside Telegram) adds a banner or a question, or saves the page being edited
 * (in a browser the page's own Save button does). Leaving the Pages tab with unsaved changes asks first.
 */
export default function ContentPage() {
  const { t } = useTranslation('admin-content');
  const [tab, showTab] = useUrlTab(TABS);
  const [adding, setAdding] = useState(false);
  const [unsavedPage, setUnsavedPage] = useState<PageSlug | null>(null);
  const [leavingTo, setLeavingTo] = useState<Tab | null>(null);
  const savingPage = useIsMutating({ mutationKey: contentKeys.savePage }) > 0;
  const pageFormId = useId();

  const show = (next: Tab) => {
    setAdding(false);
    setUnsavedPage(null);
    showTab(next);
  };
  const open = (next: Tab) => {
    if (next === tab) return;
    if (tab === 'pages' && unsavedPage) setLeavingTo(next);
    else show(next);
  };

  const mainAction =
    tab === 'banners'
      ? { label: t('banners.add'), onClick: () => setAdding(true) }
      : tab === 'faq'
        ? { label: t('faq.add'), onClick: () => setAdding(true) }
        : {
            label: t('pages.save'),
            loading: savingPage,
            onClick: () => (document.getElementById(pageFormId) as HTMLFormElement | null)?.requestSubmit(),
          };

  return (
    <AdminPage title={t('title')} mainAction={mainAction} mainActionInPage={tab !== 'pages'}>
      <Tabs tabs={TABS} selected={tab} label={t('tabs.label')} tabLabel={(name) => t(`tabs.${name}`)} onSelect={open}>
        {tab === 'banners' && <BannersTab adding={adding} onCloseAdding={() => setAdding(false)} />}
        {tab === 'pages' && <PagesTab formId={pageFormId} onDirty={setUnsavedPage} />}
        {tab === 'faq' && <FaqTab adding={adding} onCloseAdding={() => setAdding(false)} />}
      </Tabs>
      {leavingTo && unsavedPage && (
        <DiscardDialog
          page={unsavedPage}
          onDiscard={() => {
            show(leavingTo);
            setLeavingTo(null);
          }}
          onClose={() => setLeavingTo(null)}
        />
      )}
    </AdminPage>
  );
}
