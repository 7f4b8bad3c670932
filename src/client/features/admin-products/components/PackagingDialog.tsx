import { PRODUCT_LIMITS } from '@common/catalogue-rules';
import type { AdminPackaging } from '@common/contract/admin/products';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { FormField } from '@/lib/ui/FormField';
import '../locales';
import { discountTextValid, priceTextValid } from '../price-fields';
import { WHOLE } from './product-form-values';
import { usePackagingForm } from './use-packaging-form';

/** Add a packaging (with its initial stock) or edit one's names and prices. */
export function PackagingDialog({
  productId,
  packaging,
  onClose,
}: {
  productId: number;
  packaging: AdminPackaging | null;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-products');
  const { register, errors, submit, formError, busy } = usePackagingForm(productId, packaging, onClose);
  const required = { validate: (v: string) => (v.trim() ? true : t('required')) };

  return (
    <ConfirmDialog
      form
      title={packaging ? t('editPackaging') : t('addPackaging')}
      closeLabel={t('close')}
      confirmLabel={packaging ? t('save') : t('addPackaging')}
      busyLabel={t('saving')}
      cancelLabel={t('cancel')}
      busy={busy}
      error={formError}
      onConfirm={submit}
      onClose={onClose}
    >
      <FormField
        label={t('packagingNameEn')}
        error={errors.name_en?.message}
        registration={register('name_en', required)}
      />
      <FormField
        label={t('packagingNameZh')}
        error={errors.name_zh?.message}
        registration={register('name_zh', required)}
      />
      <FormField
        label={t('price')}
        inputMode="decimal"
        error={errors.price?.message}
        registration={register('price', {
          validate: (v) => (priceTextValid(v) ? true : t('priceInvalid')),
        })}
      />
      <FormField
        label={t('discountPrice')}
        inputMode="decimal"
        hint={t('discountHint')}
        error={errors.discount?.message}
        registration={register('discount', {
          validate: (v, all) => (discountTextValid(v, all.price) ? true : t('discountInvalid')),
        })}
      />
      {packaging ? (
        <p className="field__hint">{t('stockEditHint')}</p>
      ) : (
        <FormField
          label={t('initialStock')}
          inputMode="numeric"
          error={errors.stock?.message}
          registration={register('stock', {
            validate: (v) =>
              WHOLE.test(v.trim() || '0') && Number(v || 0) <= PRODUCT_LIMITS.initialStock ? true : t('stockInvalid'),
          })}
        />
      )}
    </ConfirmDialog>
  );
}
