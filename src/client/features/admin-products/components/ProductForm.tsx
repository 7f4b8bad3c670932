import type { AdminProduct } from '@common/contract/admin/products';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/lib/ui/admin/FormActions';
import { ImagesField } from './ImagesField';
import { NewPackagingsCard } from './NewPackagingsCard';
import { ProductDetailsCard } from './ProductDetailsCard';
import { defaults, type ProductFormValues, type ProductPayload, payloadOf, placeAtFields } from './product-form-values';
import '../locales';

/**
 * The product form (new and edit): names and descriptions in both languages, slug (suggested from the English
 * name), state, where it ships, Subscribe & save, low-stock threshold, categories and tags, images; when creating,
 * its first packagings with their prices and initial stock. The server's refusals land at their fields.
 *
 * The form starts from `product` once and then belongs to whoever types in it: a later read of the product (after a
 * packaging or stock change elsewhere on the page) never replaces what is typed. Only the form's own save starts it
 * again, from the product the server answered.
 */
export function ProductForm({
  product,
  formId,
  onSubmit,
}: {
  product?: AdminProduct;
  /** The form's id (Telegram's MainButton submits it). */
  formId: string;
  /** Saves; resolves to the saved product when the form stays on screen (an edit), which it then shows. */
  onSubmit(payload: ProductPayload): Promise<AdminProduct | undefined>;
}) {
  const { t } = useTranslation('admin-products');
  const creating = !product;
  const form = useForm<ProductFormValues>({ defaultValues: defaults(product) });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);

  const submit = form.handleSubmit(async (v) => {
    // An image still uploading would be missing from the saved product.
    if (uploading) {
      setFormError(t('waitForUpload'));
      return;
    }
    setFormError(null);
    try {
      const saved = await onSubmit(payloadOf(v, creating));
      if (saved) form.reset(defaults(saved));
    } catch (err) {
      if (!placeAtFields(form, err)) setFormError(err);
    }
  });

  return (
    <form id={formId} className="admin-products__form" onSubmit={submit} noValidate>
      <ProductDetailsCard form={form} product={product} formId={formId} />
      <ImagesField
        control={form.control}
        register={form.register}
        error={errors.images?.message ?? errors.images?.root?.message}
        onUploading={(busy) => {
          setUploading(busy);
          // "Wait for the upload" is answered once it is done.
          if (!busy) setFormError((e: unknown) => (e === t('waitForUpload') ? null : e));
        }}
      />
      {creating && <NewPackagingsCard form={form} />}
      <FormActions
        error={formError}
        busy={isSubmitting || uploading}
        label={creating ? (isSubmitting ? t('creating') : t('create')) : isSubmitting ? t('saving') : t('save')}
      />
    </form>
  );
}
