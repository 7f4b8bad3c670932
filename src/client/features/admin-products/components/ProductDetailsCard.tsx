import { PRODUCT_LIMITS, PRODUCT_STATES, SLUG_PATTERN, slugFrom, TAG_KINDS } from '@common/catalogue-rules';
import type { AdminProduct } from '@common/contract/admin/products';
import { REORDER_DAYS } from '@common/marketing-rules';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Card } from '@/lib/ui/admin/Card';
import { FormField } from '@/lib/ui/FormField';
import { useProductOptions } from '../api/products-options';
import { type ProductFormValues, requiredText, WHOLE } from './product-form-values';
import '../locales';

type Form = UseFormReturn<ProductFormValues>;

/**
 * The product form's Details: names and descriptions in both languages, slug (suggested from the English name),
 * state, where it ships, Subscribe & save, low-stock threshold, the "Running low?" days, categories and tags.
 */
export function ProductDetailsCard({
  form,
  product,
  formId,
}: {
  form: Form;
  product: AdminProduct | undefined;
  formId: string;
}) {
  const { t } = useTranslation('admin-products');
  const options = useProductOptions();
  const { register } = form;
  const { errors } = form.formState;
  return (
    <Card title={t('details')}>
      <NameFields form={form} creating={!product} />
      <div className="admin-products__fields">
        {(['description_en', 'description_zh'] as const).map((field) => (
          <FormField
            key={field}
            label={field === 'description_en' ? t('descriptionEn') : t('descriptionZh')}
            error={errors[field]?.message}
          >
            {(c) => (
              <textarea
                {...c}
                className="input field__input"
                maxLength={PRODUCT_LIMITS.description}
                {...register(field)}
              />
            )}
          </FormField>
        ))}
      </div>
      <div className="admin-products__fields">
        <fieldset className="admin-products__checks">
          <legend>{t('availability')}</legend>
          <label>
            <input type="checkbox" {...register('available_ph')} /> {t('availablePh')}
          </label>
          <label>
            <input type="checkbox" {...register('available_cn')} /> {t('availableCn')}
          </label>
          <label>
            <input type="checkbox" {...register('subscribable')} /> {t('subscribable')}
          </label>
        </fieldset>
        <FormField
          label={t('threshold')}
          inputMode="numeric"
          hint={t('thresholdHint', { count: product?.low_stock_default ?? options.data?.low_stock_default ?? 5 })}
          error={errors.low_stock_threshold?.message}
          registration={register('low_stock_threshold', {
            validate: (v) =>
              v.trim() === '' || (WHOLE.test(v.trim()) && Number(v) <= 100_000) ? true : t('thresholdInvalid'),
          })}
        />
        <FormField
          label={t('reorderDays')}
          inputMode="numeric"
          hint={t('reorderDaysHint')}
          error={errors.reorder_days?.message}
          registration={register('reorder_days', {
            validate: (v) =>
              v.trim() === '' ||
              (WHOLE.test(v.trim()) && Number(v) >= REORDER_DAYS.min && Number(v) <= REORDER_DAYS.max)
                ? true
                : t('reorderDaysInvalid'),
          })}
        />
      </div>
      <CategoriesAndTags form={form} formId={formId} />
    </Card>
  );
}

/** The names in both languages, the slug (a new product's follows its English name until staff type one), the state. */
function NameFields({ form, creating }: { form: Form; creating: boolean }) {
  const { t } = useTranslation('admin-products');
  const { register, getValues, setValue } = form;
  const { errors, dirtyFields } = form.formState;
  const required = requiredText(t('required'));
  const suggestSlug = () => setValue('slug', slugFrom(getValues('name_en')), { shouldValidate: true });
  return (
    <div className="admin-products__fields">
      <FormField
        label={t('nameEn')}
        maxLength={PRODUCT_LIMITS.name}
        error={errors.name_en?.message}
        registration={register('name_en', {
          ...required,
          onBlur: () => {
            // A new product's slug follows its English name until staff type one.
            if (creating && !dirtyFields.slug && !getValues('slug')) suggestSlug();
          },
        })}
      />
      <FormField
        label={t('nameZh')}
        maxLength={PRODUCT_LIMITS.name}
        error={errors.name_zh?.message}
        registration={register('name_zh', required)}
      />
      <div>
        <FormField
          label={t('slug')}
          hint={t('slugHint')}
          autoComplete="off"
          error={errors.slug?.message}
          registration={register('slug', {
            validate: (v) => (SLUG_PATTERN.test(v.trim()) ? true : t('slugInvalid')),
          })}
        />
        <button type="button" className="btn btn--secondary" onClick={suggestSlug}>
          {t('slugSuggest')}
        </button>
      </div>
      <FormField label={t('state')} hint={t('stateHint')} error={errors.state?.message}>
        {(c) => (
          <select {...c} className="input field__input" {...register('state')}>
            {PRODUCT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}

/** The categories, then the tags of each kind, as check boxes (from the product options). */
function CategoriesAndTags({ form, formId }: { form: Form; formId: string }) {
  const { t, i18n } = useTranslation('admin-products');
  const zh = i18n.language === 'zh';
  const options = useProductOptions();
  const { register } = form;
  const { errors } = form.formState;
  return (
    <>
      <fieldset className="admin-products__checks" aria-describedby={errors.category_ids ? `${formId}-cat` : undefined}>
        <legend>{t('categories')}</legend>
        {options.data?.categories.map((c) => (
          <label key={c.id}>
            <input type="checkbox" value={String(c.id)} {...register('category_ids')} /> {zh ? c.name_zh : c.name_en}
          </label>
        ))}
        {errors.category_ids?.message && (
          <p id={`${formId}-cat`} className="field__error" role="alert">
            {errors.category_ids.message}
          </p>
        )}
      </fieldset>
      {TAG_KINDS.map((kind) => (
        <fieldset key={kind} className="admin-products__checks">
          <legend>{t(`kinds.${kind}`)}</legend>
          {options.data?.tags
            .filter((x) => x.kind === kind)
            .map((x) => (
              <label key={x.id}>
                <input type="checkbox" value={String(x.id)} {...register('tag_ids')} /> {zh ? x.name_zh : x.name_en}
              </label>
            ))}
        </fieldset>
      ))}
      {errors.tag_ids?.message && (
        <p className="field__error" role="alert">
          {errors.tag_ids.message}
        </p>
      )}
    </>
  );
}
