import { CONTENT_LIMITS, isBannerLink } from '@common/content-rules';
import type { AdminBanner } from '@common/contract/admin/content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import type { BannerDraft } from '../api/content-banners-create';
import { useUploadImage } from '../api/content-images-upload';
import { useSaveBanner } from '../api/save-banner';
import { LanguageSwitch, type TextLang } from './LanguageSwitch';
import { checkTexts, type PairedText, serverFieldErrors } from './text-checks';
import '../locales';

const TEXTS: readonly PairedText[] = [
  { name: 'title', max: CONTENT_LIMITS.bannerTitle, required: true },
  { name: 'subtitle', max: CONTENT_LIMITS.bannerSubtitle, required: false },
  { name: 'alt', max: CONTENT_LIMITS.bannerAlt, required: false },
];

const emptyDraft: BannerDraft = {
  image: '',
  title_en: '',
  title_zh: '',
  subtitle_en: '',
  subtitle_zh: '',
  alt_en: '',
  alt_zh: '',
  link: '',
  starts_on: '',
  ends_on: '',
  is_active: true,
};

const draftOf = (b: AdminBanner): BannerDraft => ({
  image: b.image,
  title_en: b.title_en,
  title_zh: b.title_zh,
  subtitle_en: b.subtitle_en,
  subtitle_zh: b.subtitle_zh,
  alt_en: b.alt_en,
  alt_zh: b.alt_zh,
  link: b.link,
  starts_on: b.starts_on ?? '',
  ends_on: b.ends_on ?? '',
  is_active: b.is_active,
});

/**
 * Adds or edits a banner: its image (uploaded when chosen), texts in English and Chinese, link, days and switch, with
 * a preview of the home page's slide in either language. Checked here first, then by the server (its messages are
 * shown at the fields).
 */
export function BannerEditor({ banner, onClose }: { banner: AdminBanner | null; onClose(): void }) {
  const { t } = useTranslation('admin-content');
  const save = useSaveBanner();
  const upload = useUploadImage();
  const [draft, setDraft] = useState<BannerDraft>(() => (banner ? draftOf(banner) : emptyDraft));
  const [preview, setPreview] = useState(banner?.image_wide ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [lang, setLang] = useState<TextLang>('en');
  const imageId = useId();

  const set = (field: keyof BannerDraft) => (value: string | boolean) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const text = (field: keyof BannerDraft, label: string, extra: { hint?: string; type?: string } = {}) => (
    <FormField
      label={label}
      value={draft[field] as string}
      onChange={(e) => set(field)(e.target.value)}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    setErrors(({ image: _, ...rest }) => rest);
    upload.mutate(chosen, {
      onSuccess: (stored) => {
        setDraft((d) => ({ ...d, image: stored.url }));
        setPreview(stored.wide_url);
      },
      onError: (err) => {
        setFile(null);
        setErrors((e) => ({ ...e, image: serverFieldErrors(err).image ?? (err as Error).message }));
      },
    });
  };

  const check = (): Record<string, string> => {
    const found = checkTexts(draft as unknown as Record<string, string>, TEXTS, t);
    if (!draft.image) found.image = t('banners.imageRequired');
    if (!isBannerLink(draft.link.trim())) found.link = t('banners.linkInvalid');
    if (draft.starts_on && draft.ends_on && draft.ends_on < draft.starts_on) found.ends_on = t('banners.dateRange');
    return found;
  };

  const submit = () => {
    setFormError(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: banner?.id ?? null, draft: { ...draft, link: draft.link.trim() } },
      {
        onSuccess: () => {
          notify.success(banner ? t('banners.saved') : t('banners.added'));
          onClose();
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFormError(err);
        },
      },
    );
  };

  const shown = {
    title: lang === 'en' ? draft.title_en : draft.title_zh,
    subtitle: lang === 'en' ? draft.subtitle_en : draft.subtitle_zh,
    alt: lang === 'en' ? draft.alt_en : draft.alt_zh,
  };

  return (
    <ConfirmDialog
      form="acn-form"
      title={banner ? t('banners.edit') : t('banners.add')}
      closeLabel={t('close')}
      confirmLabel={t('save')}
      cancelLabel={t('cancel')}
      busy={save.isPending || upload.isPending}
      busyLabel={upload.isPending ? t('banners.uploading') : undefined}
      error={formError}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className={errors.image ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={imageId}>
          {t('banners.image')}
        </label>
        <ImageFileInput
          id={imageId}
          accept="image/png,image/jpeg,image/webp"
          invalid={!!errors.image}
          describedBy={`${imageId}-hint${errors.image ? ` ${imageId}-error` : ''}`}
          file={file}
          onChange={choose}
          chooseLabel={draft.image ? t('banners.changeImage') : t('banners.chooseImage')}
          changeLabel={t('banners.changeImage')}
          emptyLabel={draft.image ? '' : t('banners.noImage')}
          showFileName
        />
        <p id={`${imageId}-hint`} className="field__hint">
          {upload.isPending ? t('banners.uploading') : t('banners.imageHint')}
        </p>
        {errors.image && (
          <p id={`${imageId}-error`} className="field__error" role="alert">
            {errors.image}
          </p>
        )}
      </div>

      <fieldset className="acn-fieldset">
        <legend>{t('english')}</legend>
        {text('title_en', t('banners.titleField'))}
        {text('subtitle_en', t('banners.subtitle'))}
        {text('alt_en', t('banners.alt'), { hint: t('banners.altHint') })}
      </fieldset>
      <fieldset className="acn-fieldset" lang="zh">
        <legend>{t('chinese')}</legend>
        {text('title_zh', t('banners.titleField'))}
        {text('subtitle_zh', t('banners.subtitle'))}
        {text('alt_zh', t('banners.alt'))}
      </fieldset>

      {text('link', t('banners.link'), { hint: t('banners.linkHint') })}
      <div className="acn-dates">
        {text('starts_on', t('banners.startsOn'), { type: 'date' })}
        {text('ends_on', t('banners.endsOn'), { type: 'date' })}
      </div>
      <p className="field__hint">{t('banners.datesHint')}</p>
      <label className="acn-check">
        <input type="checkbox" checked={draft.is_active} onChange={(e) => set('is_active')(e.target.checked)} />
        {t('banners.active')}
      </label>

      <section className="acn-preview" aria-label={t('banners.previewLabel')}>
        <div className="acn-preview__head">
          <h3>{t('previewOf', { lang: t(`lang.${lang}`) })}</h3>
          <LanguageSwitch value={lang} onChange={setLang} />
        </div>
        <div className="acn-slide" lang={lang === 'zh' ? 'zh' : 'en'}>
          {preview || draft.image ? (
            <img src={preview || draft.image} alt={shown.alt} width={1200} height={500} />
          ) : null}
          <span className="acn-slide__text">
            <strong>{shown.title}</strong>
            <span>{shown.subtitle}</span>
            <span className="acn-slide__cta">{t('banners.shopNow', { lng: lang })} →</span>
          </span>
        </div>
      </section>
    </ConfirmDialog>
  );
}
