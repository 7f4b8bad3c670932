import { CONTENT_LIMITS, isBannerLink } from '@common/content-rules';
import type { AdminBanner } from '@common/contract/admin/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import type { BannerDraft } from '../api/content-banners-create';
import { useUploadImage } from '../api/content-images-upload';
import { useSaveBanner } from '../api/save-banner';
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
 * The banner editor's state (BannerEditor.tsx): the draft, the image uploaded as soon as it is chosen (with the wide
 * picture the preview shows), the messages at each field and the submit that checks the draft here first, then sends
 * it (the server's messages are shown at the fields, or above the buttons when they name none).
 */
export function useBannerForm(banner: AdminBanner | null, onClose: () => void) {
  const { t } = useTranslation('admin-content');
  const save = useSaveBanner();
  const upload = useUploadImage();
  const [draft, setDraft] = useState<BannerDraft>(() => (banner ? draftOf(banner) : emptyDraft));
  const [preview, setPreview] = useState(banner?.image_wide ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<unknown>(null);

  const set = (field: keyof BannerDraft) => (value: string | boolean) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

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

  return {
    draft,
    preview,
    file,
    errors,
    formError,
    set,
    choose,
    submit,
    saving: save.isPending,
    uploading: upload.isPending,
  };
}
