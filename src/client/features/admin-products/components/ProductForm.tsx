import {
  type PackagingFields,
  PRODUCT_LIMITS,
  PRODUCT_STATES,
  type ProductFields,
  SLUG_PATTERN,
  slugFrom,
  TAG_KINDS,
} from '@common/catalogue-rules';
import type { AdminProduct } from '@common/contract/admin/products';
import { parseDollarsToCents } from '@common/money';
import { useState } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { Card } from '@/lib/ui/admin/Card';
import { FormActions } from '@/lib/ui/admin/FormActions';
import { FormField } from '@/lib/ui/FormField';
import { useProductOptions } from '../api';
import { ImagesField } from './ImagesField';
import '../locales';
import { discountTextValid, priceTextValid } from '../price-fields';

export interface NewPackagingValues {
  name_en: string;
  name_zh: string;
  price: string;
  discount: string;
  stock: string;
}

/** The form's values: the product's fields, numbers as typed. */
export interface ProductFormValues extends Omit<ProductFields, 'low_stock_threshold' | 'category_ids' | 'tag_ids'> {
  low_stock_threshold: string;
  category_ids: string[];
  tag_ids: string[];
  /** Only when creating: the product's first packagings. */
  packagings: NewPackagingValues[];
}

/** What the create and update paths take from the form (prices in cents, converted once here). */
export interface ProductPayload extends ProductFields {
  packagings?: Array<PackagingFields & { stock?: number }>;
}

const emptyPackaging = (): NewPackagingValues => ({ name_en: '', name_zh: '', price: '', discount: '', stock: '0' });

const defaults = (p?: AdminProduct): ProductFormValues => ({
  name_en: p?.name_en ?? '',
  name_zh: p?.name_zh ?? '',
  slug: p?.slug ?? '',
  description_en: p?.description_en ?? '',
  description_zh: p?.description_zh ?? '',
  state: p?.state ?? 'on_sale',
  available_ph: p?.available_ph ?? true,
  available_cn: p?.available_cn ?? true,
  subscribable: p?.subscribable ?? false,
  low_stock_threshold: p?.low_stock_threshold === null || !p ? '' : String(p.low_stock_threshold),
  category_ids: p?.category_ids.map(String) ?? [],
  tag_ids: p?.tag_ids.map(String) ?? [],
  images: p?.images ?? [],
  packagings: p ? [] : [emptyPackaging()],
});

const WHOLE = /^\d{1,6}$/;

/** The server's field names → the form's (prices are typed in dollars under other names). */
const formField = (server: string): string =>
  server.replace(/\.price_cents$/, '.price').replace(/\.discount_price_cents$/, '.discount');

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
  const { t, i18n } = useTranslation('admin-products');
  const zh = i18n.language === 'zh';
  const options = useProductOptions();
  const creating = !product;
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ProductFormValues>({ defaultValues: defaults(product) });
  const packagings = useFieldArray({ control, name: 'packagings' });
  const [formError, setFormError] = useState<unknown>(null);
  const [uploading, setUploading] = useState(false);
  const required = { validate: (v: string) => (v.trim() ? true : t('required')) };

  const submit = handleSubmit(async (v) => {
    // An image still uploading would be missing from the saved product.
    if (uploading) {
      setFormError(t('waitForUpload'));
      return;
    }
    setFormError(null);
    const payload: ProductPayload = {
      slug: v.slug.trim(),
      name_en: v.name_en.trim(),
      name_zh: v.name_zh.trim(),
      description_en: v.description_en.trim(),
      description_zh: v.description_zh.trim(),
      state: v.state,
      available_ph: v.available_ph,
      available_cn: v.available_cn,
      subscribable: v.subscribable,
      low_stock_threshold: v.low_stock_threshold.trim() === '' ? undefined : Number(v.low_stock_threshold),
      category_ids: v.category_ids.map(Number),
      tag_ids: v.tag_ids.map(Number),
      images: v.images,
      ...(creating
        ? {
            packagings: v.packagings.map((p) => ({
              name_en: p.name_en.trim(),
              name_zh: p.name_zh.trim(),
              price_cents: parseDollarsToCents(p.price) ?? 0,
              discount_price_cents: p.discount.trim() ? (parseDollarsToCents(p.discount) ?? undefined) : undefined,
              stock: Number(p.stock || 0),
            })),
          }
        : {}),
    };
    try {
      const saved = await onSubmit(payload);
      if (saved) reset(defaults(saved));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : [];
      let placed = false;
      for (const f of fields) {
        const name = formField(f.field);
        if (name in getValues() || /^packagings\.\d+\.\w+$/.test(name)) {
          setError(name as FieldPath<ProductFormValues>, { message: f.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFormError(err);
    }
  });

  const suggestSlug = () => setValue('slug', slugFrom(getValues('name_en')), { shouldValidate: true });

  return (
    <form id={formId} className="admin-products__form" onSubmit={submit} noValidate>
      <Card title={t('details')}>
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
        </div>
        <fieldset
          className="admin-products__checks"
          aria-describedby={errors.category_ids ? `${formId}-cat` : undefined}
        >
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
      </Card>

      <ImagesField
        control={control}
        register={register}
        error={errors.images?.message ?? errors.images?.root?.message}
        onUploading={(busy) => {
          setUploading(busy);
          // "Wait for the upload" is answered once it is done.
          if (!busy) setFormError((e: unknown) => (e === t('waitForUpload') ? null : e));
        }}
      />

      {creating && (
        <Card title={t('packagings')}>
          <ol className="admin-products__packagings">
            {packagings.fields.map((field, i) => {
              const e = errors.packagings?.[i];
              return (
                <li key={field.id} className="admin-products__packaging" aria-label={t('packagingN', { n: i + 1 })}>
                  <div className="admin-products__fields">
                    <FormField
                      label={t('packagingNameEn')}
                      error={e?.name_en?.message}
                      registration={register(`packagings.${i}.name_en`, required)}
                    />
                    <FormField
                      label={t('packagingNameZh')}
                      error={e?.name_zh?.message}
                      registration={register(`packagings.${i}.name_zh`, required)}
                    />
                    <FormField
                      label={t('price')}
                      inputMode="decimal"
                      error={e?.price?.message}
                      registration={register(`packagings.${i}.price`, {
                        validate: (v) => (priceTextValid(v) ? true : t('priceInvalid')),
                      })}
                    />
                    <FormField
                      label={t('discountPrice')}
                      inputMode="decimal"
                      hint={t('discountHint')}
                      error={e?.discount?.message}
                      registration={register(`packagings.${i}.discount`, {
                        validate: (v, all) =>
                          discountTextValid(v, all.packagings[i]?.price ?? '') ? true : t('discountInvalid'),
                      })}
                    />
                    <FormField
                      label={t('initialStock')}
                      inputMode="numeric"
                      error={e?.stock?.message}
                      registration={register(`packagings.${i}.stock`, {
                        validate: (v) =>
                          WHOLE.test(v.trim() || '0') && Number(v || 0) <= PRODUCT_LIMITS.initialStock
                            ? true
                            : t('stockInvalid'),
                      })}
                    />
                  </div>
                  {packagings.fields.length > 1 && (
                    <div className="admin-products__row-actions">
                      <button type="button" className="btn btn--secondary" onClick={() => packagings.remove(i)}>
                        {t('removePackaging', { n: i + 1 })}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
          {errors.packagings?.message && (
            <p className="field__error" role="alert">
              {errors.packagings.message}
            </p>
          )}
          {packagings.fields.length < PRODUCT_LIMITS.packagings && (
            <button type="button" className="btn btn--secondary" onClick={() => packagings.append(emptyPackaging())}>
              {t('addPackaging')}
            </button>
          )}
        </Card>
      )}

      <FormActions
        error={formError}
        busy={isSubmitting || uploading}
        label={creating ? (isSubmitting ? t('creating') : t('create')) : isSubmitting ? t('saving') : t('save')}
      />
    </form>
  );
}
