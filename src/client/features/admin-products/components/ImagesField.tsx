import { PRODUCT_LIMITS } from '@common/catalogue-rules';
import { type ComponentProps, useId, useState } from 'react';
import { type Control, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { Card } from '@/lib/ui/admin/Card';
import { MoveAnnouncer, MoveButtons, useMoveRows } from '@/lib/ui/admin/MoveButtons';
import { FormField } from '@/lib/ui/FormField';
import { ImageFileInput } from '@/lib/ui/ImageFileInput';
import { uploadImage } from '../api/products-images-upload';
import type { ProductFormValues } from './product-form-values';
import '../locales';

/**
 * The product's images: upload (stored by the server at once, shown from there), order with Up / Down buttons,
 * alt text in both languages, remove. The list is part of the product form and saved with it; while an upload is on
 * its way the form is told (`onUploading`), so it is not saved without the image.
 */
export function ImagesField({
  control,
  register,
  error,
  onUploading,
}: {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  error?: string;
  onUploading(busy: boolean): void;
}) {
  const { t } = useTranslation('admin-products');
  const images = useFieldArray({ control, name: 'images' });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const full = images.fields.length >= PRODUCT_LIMITS.images;
  const imageName = (n: number) => t('imageN', { n });
  const moves = useMoveRows(
    images.fields,
    (_, i) => imageName(i + 1),
    (_, { from, to }) => images.move(from, to),
  );

  const busy = (on: boolean) => {
    setUploading(on);
    onUploading(on);
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    busy(true);
    setUploadError(null);
    try {
      const stored = await uploadImage(file);
      images.append({ url: stored.url, alt_en: '', alt_zh: '' });
    } catch (err) {
      setUploadError(err);
    } finally {
      busy(false);
    }
  };

  const message = errorText(uploadError) ?? error;
  return (
    <Card title={t('images')}>
      <p className="field__hint">{t('imagesHint')}</p>
      {images.fields.length === 0 ? (
        <p>{t('noImages')}</p>
      ) : (
        <ol className="admin-products__images">
          {images.fields.map((field, i) => (
            <ImageItem
              key={field.id}
              id={field.id}
              url={field.url}
              index={i}
              total={images.fields.length}
              register={register}
              moves={moves}
              onRemove={() => images.remove(i)}
            />
          ))}
        </ol>
      )}
      {!full && <ImageUpload invalid={!!message} onChoose={(file) => void upload(file)} />}
      <MoveAnnouncer text={moves.announcement} />
      <p role="status" className={uploading ? 'field__hint' : 'visually-hidden'}>
        {uploading ? t('uploading') : ''}
      </p>
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
    </Card>
  );
}

/** One image of the list: its picture, alt texts, Up / Down and Remove. */
function ImageItem({
  id,
  url,
  index,
  total,
  register,
  moves,
  onRemove,
}: {
  id: string;
  url: string;
  index: number;
  total: number;
  register: UseFormRegister<ProductFormValues>;
  moves: ComponentProps<typeof MoveButtons>['moves'];
  onRemove(): void;
}) {
  const { t } = useTranslation('admin-products');
  const n = index + 1;
  const name = t('imageN', { n });
  return (
    <li className="admin-products__image" aria-label={name}>
      <img src={url} alt="" width={96} height={96} />
      <div className="admin-products__fields">
        <FormField
          label={t('altEn')}
          hint={n === 1 ? t('altHint') : undefined}
          maxLength={PRODUCT_LIMITS.alt}
          registration={register(`images.${index}.alt_en`)}
        />
        <FormField
          label={t('altZh')}
          maxLength={PRODUCT_LIMITS.alt}
          registration={register(`images.${index}.alt_zh`)}
        />
        <div className="admin-products__row-actions">
          <MoveButtons id={id} index={index} total={total} name={name} moves={moves} />
          <button type="button" className="btn btn--secondary" aria-label={t('removeImage', { n })} onClick={onRemove}>
            {t('remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The file input that uploads one more image (while the product has fewer than it may). */
function ImageUpload({ invalid, onChoose }: { invalid: boolean; onChoose(file: File | null): void }) {
  const { t } = useTranslation('admin-products');
  const inputId = useId();
  return (
    <div className="admin-products__upload">
      <label htmlFor={inputId} className="field__label">
        {t('upload')}
      </label>
      <ImageFileInput
        id={inputId}
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        file={null}
        invalid={invalid}
        onChange={onChoose}
        chooseLabel={t('upload')}
        changeLabel={t('upload')}
        emptyLabel=""
      />
    </div>
  );
}
