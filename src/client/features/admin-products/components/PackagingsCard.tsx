import { PRODUCT_LIMITS } from '@common/catalogue-rules';
import type { AdminPackaging, AdminProduct } from '@common/contract/admin/products';
import { centsToDecimal, formatCents, parseDollarsToCents } from '@common/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { Card } from '@/lib/ui/admin/Card';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { MoveAnnouncer, MoveButtons, useMoveRows } from '@/lib/ui/admin/MoveButtons';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { FormField } from '@/lib/ui/FormField';
import { useAddPackaging } from '../api/products-packagings-add';
import { useReorderPackagings } from '../api/products-packagings-reorder';
import { useRetirePackaging } from '../api/products-packagings-retire';
import { useUpdatePackaging } from '../api/products-packagings-update';
import '../locales';
import { discountTextValid, priceTextValid } from '../price-fields';

const nameOf = (p: AdminPackaging, zh: boolean) => (zh ? p.name_zh : p.name_en);

/**
 * A product's packagings on its page: each with its prices and stock (low ones marked); Add, Edit (names and
 * prices; stock only by Adjust stock), Up / Down to reorder, Retire (confirmed). Retired ones are listed apart.
 */
export function PackagingsCard({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin-products');
  const zh = i18n.language === 'zh';
  const live = product.packagings.filter((p) => !p.is_retired);
  const retired = product.packagings.filter((p) => p.is_retired);
  const [editing, setEditing] = useState<AdminPackaging | 'new' | null>(null);
  const [retiring, setRetiring] = useState<AdminPackaging | null>(null);
  const reorder = useReorderPackagings(product.id);
  const retire = useRetirePackaging();
  const moves = useMoveRows(
    live,
    (p) => nameOf(p, zh),
    (ids) => reorder.mutate(ids, { onError: (err) => notify.error(errorText(err) ?? '') }),
  );

  const columns: Column<AdminPackaging>[] = [
    {
      key: 'name',
      label: t('packagingCol.name'),
      render: (p) => (
        <span>
          {p.name_en}
          <br />
          <small>{p.name_zh}</small>
        </span>
      ),
    },
    {
      key: 'price',
      label: t('packagingCol.price'),
      numeric: true,
      render: (p) =>
        p.discount_price_cents === null ? (
          formatCents(p.price_cents)
        ) : (
          <span>
            {formatCents(p.discount_price_cents)} <s>{formatCents(p.price_cents)}</s>
          </span>
        ),
    },
    {
      key: 'stock',
      label: t('packagingCol.stock'),
      numeric: true,
      render: (p) => (
        <span className="admin-products__stock">
          {p.stock}
          {p.low && <span className="admin-badge admin-badge--warn">{t('low')}</span>}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('packagingCol.actions'),
      render: (p) => {
        const i = live.indexOf(p);
        const name = nameOf(p, zh);
        return (
          <span className="admin-products__row-actions">
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={t('editLabel', { name })}
              onClick={() => setEditing(p)}
            >
              {t('edit')}
            </button>
            <MoveButtons id={p.id} index={i} total={live.length} name={name} moves={moves} />
            {live.length > 1 && (
              <button
                type="button"
                className="btn btn--secondary"
                aria-label={t('retireLabel', { name })}
                onClick={() => setRetiring(p)}
              >
                {t('retire')}
              </button>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <Card title={t('packagings')}>
      <DataTable caption={t('packagingsCaption')} columns={columns} rows={live} rowKey={(p) => p.id} empty="—" />
      <MoveAnnouncer text={moves.announcement} />
      {live.length < PRODUCT_LIMITS.packagings && (
        <button type="button" className="btn btn--secondary" onClick={() => setEditing('new')}>
          {t('addPackaging')}
        </button>
      )}
      {retired.length > 0 && (
        <div className="admin-products__retired">
          <h3>{t('retiredList')}</h3>
          <ul>
            {retired.map((p) => (
              <li key={p.id}>
                {p.name_en} / {p.name_zh} · {formatCents(p.price_cents)} · {t('retired')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {editing && (
        <PackagingDialog
          productId={product.id}
          packaging={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {retiring && (
        <ConfirmDialog
          title={t('retireTitle')}
          closeLabel={t('close')}
          confirmLabel={t('retire')}
          cancelLabel={t('cancel')}
          busy={retire.isPending}
          error={retire.error}
          onConfirm={() =>
            retire.mutate(retiring.id, {
              onSuccess: ({ message }) => {
                notify.success(message);
                setRetiring(null);
              },
            })
          }
          onClose={() => {
            retire.reset();
            setRetiring(null);
          }}
        >
          <p>{t('retireText', { name: nameOf(retiring, zh), count: retiring.stock })}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}

interface PackagingValues {
  name_en: string;
  name_zh: string;
  price: string;
  discount: string;
  stock: string;
}

const WHOLE = /^\d{1,6}$/;

/** Add a packaging (with its initial stock) or edit one's names and prices. */
function PackagingDialog({
  productId,
  packaging,
  onClose,
}: {
  productId: number;
  packaging: AdminPackaging | null;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-products');
  const add = useAddPackaging();
  const update = useUpdatePackaging();
  const mutation = packaging ? update : add;
  const [formError, setFormError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PackagingValues>({
    defaultValues: {
      name_en: packaging?.name_en ?? '',
      name_zh: packaging?.name_zh ?? '',
      price: packaging ? centsToDecimal(packaging.price_cents) : '',
      discount:
        packaging?.discount_price_cents === null || !packaging ? '' : centsToDecimal(packaging.discount_price_cents),
      stock: '0',
    },
  });
  const required = { validate: (v: string) => (v.trim() ? true : t('required')) };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const fields = {
      name_en: v.name_en.trim(),
      name_zh: v.name_zh.trim(),
      price_cents: parseDollarsToCents(v.price) ?? 0,
      discount_price_cents: v.discount.trim() ? (parseDollarsToCents(v.discount) ?? undefined) : undefined,
    };
    const done = ({ message }: { message: string }) => {
      notify.success(message);
      onClose();
    };
    const failed = (err: unknown) => {
      const names: Record<string, keyof PackagingValues> = {
        name_en: 'name_en',
        name_zh: 'name_zh',
        price_cents: 'price',
        discount_price_cents: 'discount',
        stock: 'stock',
      };
      const at = err instanceof ApiError ? err.fields.find((f) => names[f.field]) : undefined;
      if (at) setError(names[at.field]!, { message: at.message }, { shouldFocus: true });
      else setFormError(err);
    };
    if (packaging) await update.mutateAsync({ packaging_id: packaging.id, ...fields }).then(done, failed);
    else await add.mutateAsync({ product_id: productId, ...fields, stock: Number(v.stock || 0) }).then(done, failed);
  });

  return (
    <ConfirmDialog
      form
      title={packaging ? t('editPackaging') : t('addPackaging')}
      closeLabel={t('close')}
      confirmLabel={packaging ? t('save') : t('addPackaging')}
      busyLabel={t('saving')}
      cancelLabel={t('cancel')}
      busy={mutation.isPending}
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
