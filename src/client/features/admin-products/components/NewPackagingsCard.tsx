import { PRODUCT_LIMITS } from '@common/catalogue-rules';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Card } from '@/lib/ui/admin/Card';
import { FormField } from '@/lib/ui/FormField';
import { discountTextValid, priceTextValid } from '../price-fields';
import { emptyPackaging, type ProductFormValues, requiredText, WHOLE } from './product-form-values';
import '../locales';

/** A new product's first packagings: names, price, discount price and initial stock of each; Add and Remove. */
export function NewPackagingsCard({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const { t } = useTranslation('admin-products');
  const { register, control } = form;
  const { errors } = form.formState;
  const packagings = useFieldArray({ control, name: 'packagings' });
  const required = requiredText(t('required'));
  return (
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
  );
}
