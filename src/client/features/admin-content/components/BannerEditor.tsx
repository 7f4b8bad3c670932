import type { AdminBanner } from '@common/contract/admin/content';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import type { BannerDraft } from '../api/content-banners-create';
import { LanguageSwitch, type TextLang } from './LanguageSwitch';
import { useBannerForm } from './use-banner-form';
import '../locales';

/**
 * Adds or edits a banner: its image (uploaded when chosen), texts in English and Chinese, link, days and switch, with
 * a preview of the home page's slide in either language. Checked here first, then by the server (its messages are
 * shown at the fields).
 */
export function BannerEditor({ banner, onClose }: { banner: AdminBanner | null; onClose(): void }) {
  const { t } = useTranslation('admin-content');
  const form = useBannerForm(banner, onClose);
  const { draft, errors, set } = form;
  const [lang, setLang] = useState<TextLang>('en');

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

  return (
    <ConfirmDialog
      form="acn-form"
      title={banner ? t('banners.edit') : t('banners.add')}
      closeLabel={t('close')}
      confirmLabel={t('save')}
      cancelLabel={t('cancel')}
      busy={form.saving || form.uploading}
      busyLabel={form.uploading ? t('banners.uploading') : undefined}
      error={form.formError}
      onConfirm={form.submit}
      onClose={onClose}
    >
      <BannerImageField
        hasImage={!!draft.image}
        file={form.file}
        error={errors.image}
        uploading={form.uploading}
        onChoose={form.choose}
      />

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

      <BannerPreview draft={draft} picture={form.preview || draft.image} lang={lang} onLang={setLang} />
    </ConfirmDialog>
  );
}

/** The banner's picture: chosen from a file, uploaded at once; the upload's progress and refusal are told here. */
function BannerImageField({
  hasImage,
  file,
  error,
  uploading,
  onChoose,
}: {
  hasImage: boolean;
  file: File | null;
  error: string | undefined;
  uploading: boolean;
  onChoose(file: File | null): void;
}) {
  const { t } = useTranslation('admin-content');
  const imageId = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={imageId}>
        {t('banners.image')}
      </label>
      <ImageFileInput
        id={imageId}
        accept="image/png,image/jpeg,image/webp"
        invalid={!!error}
        describedBy={`${imageId}-hint${error ? ` ${imageId}-error` : ''}`}
        file={file}
        onChange={onChoose}
        chooseLabel={hasImage ? t('banners.changeImage') : t('banners.chooseImage')}
        changeLabel={t('banners.changeImage')}
        emptyLabel={hasImage ? '' : t('banners.noImage')}
        showFileName
      />
      <p id={`${imageId}-hint`} className="field__hint">
        {uploading ? t('banners.uploading') : t('banners.imageHint')}
      </p>
      {error && (
        <p id={`${imageId}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The home page's slide as the banner would show it, in the language picked here. */
function BannerPreview({
  draft,
  picture,
  lang,
  onLang,
}: {
  draft: BannerDraft;
  picture: string;
  lang: TextLang;
  onLang(lang: TextLang): void;
}) {
  const { t } = useTranslation('admin-content');
  const shown = {
    title: lang === 'en' ? draft.title_en : draft.title_zh,
    subtitle: lang === 'en' ? draft.subtitle_en : draft.subtitle_zh,
    alt: lang === 'en' ? draft.alt_en : draft.alt_zh,
  };
  return (
    <section className="acn-preview" aria-label={t('banners.previewLabel')}>
      <div className="acn-preview__head">
        <h3>{t('previewOf', { lang: t(`lang.${lang}`) })}</h3>
        <LanguageSwitch value={lang} onChange={onLang} />
      </div>
      <div className="acn-slide" lang={lang === 'zh' ? 'zh' : 'en'}>
        {picture ? <img src={picture} alt={shown.alt} width={1200} height={500} /> : null}
        <span className="acn-slide__text">
          <strong>{shown.title}</strong>
          <span>{shown.subtitle}</span>
          <span className="acn-slide__cta">{t('banners.shopNow', { lng: lang })} →</span>
        </span>
      </div>
    </section>
  );
}
