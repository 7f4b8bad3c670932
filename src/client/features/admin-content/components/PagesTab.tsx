import { CONTENT_LIMITS, PAGE_SLUGS, type PageSlug } from '@common/content-rules';
import type { AdminPage } from '@common/contract/admin/content';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format/date';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormActions } from '@/lib/ui/admin/FormActions';
import { InfoArticle } from '@/lib/ui/InfoArticle';
import { ListStatus } from '@/lib/ui/ListStatus';
import { usePageTexts } from '../api/content-pages-get';
import { useSavePage } from '../api/content-pages-update';
import { OneLanguageFields, PreviewButton, useTextErrors } from './EditorParts';
import { LanguageSwitch } from './LanguageSwitch';
import { checkTexts, type PairedText, serverFieldErrors } from './text-checks';
import '../locales';

type Texts = Pick<AdminPage, 'title_en' | 'title_zh' | 'body_en' | 'body_zh'>;

const TEXTS: readonly PairedText[] = [
  { name: 'title', max: CONTENT_LIMITS.pageTitle, required: true },
  { name: 'body', max: CONTENT_LIMITS.pageBody, required: true },
];

const textsOf = (p: AdminPage): Texts => ({
  title_en: p.title_en,
  title_zh: p.title_zh,
  body_en: p.body_en,
  body_zh: p.body_zh,
});

/**
 * The four information pages (About, Terms, Privacy, Shipping): pick one, edit its title and text in English or 中文,
 * preview it as the shop shows it, save (the form `formId`: the screen's main action submits it). Leaving a page with
 * unsaved changes asks first; `onDirty` tells the screen which page has them (leaving the tab asks too).
 */
export function PagesTab({ formId, onDirty }: { formId: string; onDirty(page: PageSlug | null): void }) {
  const { t } = useTranslation('admin-content');
  const [slug, setSlug] = useState<PageSlug>('about');
  const [dirty, setDirty] = useState(false);
  const [leavingTo, setLeavingTo] = useState<PageSlug | null>(null);
  const selectId = useId();
  useEffect(() => onDirty(dirty ? slug : null), [dirty, slug, onDirty]);

  const pick = (next: PageSlug) => {
    if (next === slug) return;
    if (dirty) setLeavingTo(next);
    else setSlug(next);
  };

  return (
    <>
      <div className="admin-filters">
        <label htmlFor={selectId}>
          {t('pages.page')}
          <select id={selectId} value={slug} onChange={(e) => pick(e.target.value as PageSlug)}>
            {PAGE_SLUGS.map((s) => (
              <option key={s} value={s}>
                {t(`pages.names.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PageEditor key={slug} slug={slug} formId={formId} onDirty={setDirty} />
      {leavingTo && (
        <DiscardDialog
          page={slug}
          onDiscard={() => {
            setDirty(false);
            setSlug(leavingTo);
            setLeavingTo(null);
          }}
          onClose={() => setLeavingTo(null)}
        />
      )}
    </>
  );
}

/** Asks before a page's unsaved changes are dropped (another page picked, or another tab). */
export function DiscardDialog({ page, onDiscard, onClose }: { page: PageSlug; onDiscard(): void; onClose(): void }) {
  const { t } = useTranslation('admin-content');
  return (
    <ConfirmDialog
      title={t('pages.discardTitle')}
      closeLabel={t('close')}
      confirmLabel={t('pages.discard')}
      cancelLabel={t('cancel')}
      busy={false}
      onConfirm={onDiscard}
      onClose={onClose}
    >
      <p>{t('pages.discardText', { name: t(`pages.names.${page}`) })}</p>
    </ConfirmDialog>
  );
}

function PageEditor({ slug, formId, onDirty }: { slug: PageSlug; formId: string; onDirty(dirty: boolean): void }) {
  const { t } = useTranslation('admin-content');
  const query = usePageTexts(slug);
  const save = useSavePage();
  const page = query.data?.page;
  const [texts, setTexts] = useState<Texts | null>(null);
  const { lang, setLang, errors, show: showErrors, clear } = useTextErrors();
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();

  // The loaded page fills the editor once; later refetches do not overwrite what is being typed.
  useEffect(() => {
    if (page && texts === null) setTexts(textsOf(page));
  }, [page, texts]);
  const dirty = !!page && !!texts && JSON.stringify(textsOf(page)) !== JSON.stringify(texts);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  if (!page || !texts) {
    return <ListStatus isPending={query.isPending} error={query.error} onRetry={() => query.refetch()} />;
  }

  const set = (field: keyof Texts, value: string) => {
    setTexts({ ...texts, [field]: value });
    clear(field);
  };

  const submit = () => {
    const found = checkTexts(texts, TEXTS, t);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { slug, ...texts, expected_updated_at: page.updated_at ?? undefined },
      {
        onSuccess: (res) => {
          notify.success(t('pages.saved'));
          setTexts(textsOf(res.page));
        },
        onError: (err) => showErrors(serverFieldErrors(err)),
      },
    );
  };

  const serverError = save.error && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;

  return (
    <form
      id={formId}
      className="acn-page form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="acn-page__bar">
        <LanguageSwitch value={lang} onChange={setLang} />
        <p className="field__hint">
          {dirty
            ? t('pages.unsaved')
            : page.updated_at
              ? t('pages.lastSaved', { date: formatDateTime(page.updated_at) })
              : t('pages.neverSaved')}
        </p>
      </div>
      <OneLanguageFields
        lang={lang}
        values={texts}
        errors={errors}
        onChange={set}
        line={{ name: 'title', label: t('pages.titleField') }}
        text={{ name: 'body', label: t('pages.body'), hint: t('pages.bodyHint'), rows: 14 }}
      />
      <FormActions error={serverError} busy={save.isPending} label={t('pages.save')}>
        <PreviewButton open={previewing} controls={previewId} onToggle={() => setPreviewing((p) => !p)} />
      </FormActions>
      <section
        id={previewId}
        className="acn-preview acn-preview--page"
        aria-label={t('pages.previewLabel')}
        hidden={!previewing}
        lang={lang === 'zh' ? 'zh' : 'en'}
      >
        {previewing && <InfoArticle title={texts[`title_${lang}`]} body={texts[`body_${lang}`]} headingLevel={2} />}
      </section>
    </form>
  );
}
