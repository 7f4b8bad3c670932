import { CONTENT_LIMITS } from '@common/content-rules';
import type { AdminFaq } from '@common/contract/admin/content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FaqAccordion } from '@/lib/ui/FaqAccordion';
import type { FaqDraft } from '../api/content-faqs-create';
import { useDeleteFaq } from '../api/content-faqs-delete';
import { useFaqs } from '../api/content-faqs-list';
import { useReorderFaqs } from '../api/content-faqs-reorder';
import { useSaveFaq } from '../api/save-faq';
import { ArrangedList } from './ArrangedList';
import { OneLanguageFields, PreviewButton, useTextErrors } from './EditorParts';
import { LanguageSwitch, type TextLang } from './LanguageSwitch';
import { checkTexts, type PairedText, serverFieldErrors } from './text-checks';
import '../locales';

const TEXTS: readonly PairedText[] = [
  { name: 'question', max: CONTENT_LIMITS.faqQuestion, required: true },
  { name: 'answer', max: CONTENT_LIMITS.faqAnswer, required: true },
];

/** The FAQ as the shop shows it in `lang`. */
const shopItems = (faqs: Array<FaqDraft & { id: number }>, lang: TextLang) =>
  faqs.map((f) => ({ id: f.id, question: f[`question_${lang}`], answer: f[`answer_${lang}`] }));

/**
 * The FAQ in its order: each question in both languages; move up/down, edit, delete (confirmed); a preview of the
 * shop's /faq in either language. "Add question" is the screen's main action.
 */
export function FaqTab({ adding, onCloseAdding }: { adding: boolean; onCloseAdding(): void }) {
  const { t } = useTranslation('admin-content');
  const list = useFaqs();
  const faqs = list.data?.faqs ?? [];
  const [previewing, setPreviewing] = useState(false);
  const [previewLang, setPreviewLang] = useState<TextLang>('en');
  const previewId = useId();

  const preview = (
    <>
      {faqs.length > 0 && (
        <div className="admin-page__actions">
          <PreviewButton open={previewing} controls={previewId} onToggle={() => setPreviewing((p) => !p)} />
        </div>
      )}
      <section id={previewId} className="acn-preview" aria-label={t('faq.previewLabel')} hidden={!previewing}>
        {previewing && (
          <>
            <div className="acn-preview__head">
              <h2>{t('previewOf', { lang: t(`lang.${previewLang}`) })}</h2>
              <LanguageSwitch value={previewLang} onChange={setPreviewLang} />
            </div>
            <div lang={previewLang === 'zh' ? 'zh' : 'en'}>
              <FaqAccordion items={shopItems(faqs, previewLang)} headingLevel={3} />
            </div>
          </>
        )}
      </section>
    </>
  );

  return (
    <ArrangedList<AdminFaq>
      section="faq"
      list={list}
      items={faqs}
      name={(f) => f.question_en}
      nameZh={(f) => f.question_zh}
      footer={preview}
      useReorder={useReorderFaqs}
      useRemove={useDeleteFaq}
      adding={adding}
      onCloseAdding={onCloseAdding}
      editor={(faq, onClose) => <FaqEditor faq={faq} onClose={onClose} />}
    />
  );
}

const emptyDraft: FaqDraft = { question_en: '', question_zh: '', answer_en: '', answer_zh: '' };

/**
 * Adds or edits a question: its question and answer in English or 中文 (the switch shows one language at a time), with
 * a preview of the item as the shop's FAQ shows it.
 */
function FaqEditor({ faq, onClose }: { faq: AdminFaq | null; onClose(): void }) {
  const { t } = useTranslation('admin-content');
  const save = useSaveFaq();
  const [draft, setDraft] = useState<FaqDraft>(() =>
    faq
      ? {
          question_en: faq.question_en,
          question_zh: faq.question_zh,
          answer_en: faq.answer_en,
          answer_zh: faq.answer_zh,
        }
      : emptyDraft,
  );
  const { lang, setLang, errors, show: showErrors, clear } = useTextErrors();
  const [formError, setFormError] = useState<unknown>(null);

  const set = (field: keyof FaqDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    clear(field);
  };

  const submit = () => {
    setFormError(null);
    const found = checkTexts(draft, TEXTS, t);
    if (Object.keys(found).length > 0) return showErrors(found);
    save.mutate(
      { id: faq?.id ?? null, draft },
      {
        onSuccess: () => {
          notify.success(faq ? t('faq.saved') : t('faq.added'));
          onClose();
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (Object.keys(fields).length > 0) showErrors(fields);
          else setFormError(err);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      form="acn-form"
      title={faq ? t('faq.edit') : t('faq.add')}
      closeLabel={t('close')}
      confirmLabel={t('save')}
      cancelLabel={t('cancel')}
      busy={save.isPending}
      error={formError}
      onConfirm={submit}
      onClose={onClose}
    >
      <LanguageSwitch value={lang} onChange={setLang} />
      <OneLanguageFields
        lang={lang}
        values={draft}
        errors={errors}
        onChange={set}
        line={{ name: 'question', label: t('faq.question') }}
        text={{ name: 'answer', label: t('faq.answer'), hint: t('faq.answerHint'), rows: 6 }}
      />
      <section className="acn-preview" aria-label={t('faq.previewLabel')} lang={lang === 'zh' ? 'zh' : 'en'}>
        <h3>{t('previewOf', { lang: t(`lang.${lang}`) })}</h3>
        <FaqAccordion
          items={[
            {
              id: faq?.id ?? 0,
              question: draft[`question_${lang}`] || t('faq.untitled'),
              answer: draft[`answer_${lang}`],
            },
          ]}
          headingLevel={3}
        />
      </section>
    </ConfirmDialog>
  );
}
