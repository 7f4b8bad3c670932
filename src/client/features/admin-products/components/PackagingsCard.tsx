import { PRODUCT_LIMITS } from '@common/catalogue-rules';
import type { AdminPackaging, AdminProduct } from '@common/contract/admin/products';
import { formatCents } from '@common/money';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { Card } from '@/lib/ui/admin/Card';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { MoveAnnouncer, MoveButtons, useMoveRows } from '@/lib/ui/admin/MoveButtons';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { useReorderPackagings } from '../api/products-packagings-reorder';
import { useRetirePackaging } from '../api/products-packagings-retire';
import '../locales';
import { PackagingDialog } from './PackagingDialog';

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
  const retire = useRetirePackaging();

  return (
    <Card title={t('packagings')}>
      <LivePackagings productId={product.id} live={live} zh={zh} onEdit={setEditing} onRetire={setRetiring} />
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

/** The packagings on sale, in the shop's order: prices, stock, and Edit, Up / Down and Retire on each. */
function LivePackagings({
  productId,
  live,
  zh,
  onEdit,
  onRetire,
}: {
  productId: number;
  live: AdminPackaging[];
  zh: boolean;
  onEdit(packaging: AdminPackaging): void;
  onRetire(packaging: AdminPackaging): void;
}) {
  const { t } = useTranslation('admin-products');
  const reorder = useReorderPackagings(productId);
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
      render: (p) => (
        <PackagingActions
          name={nameOf(p, zh)}
          id={p.id}
          index={live.indexOf(p)}
          total={live.length}
          moves={moves}
          onEdit={() => onEdit(p)}
          onRetire={() => onRetire(p)}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable caption={t('packagingsCaption')} columns={columns} rows={live} rowKey={(p) => p.id} empty="—" />
      <MoveAnnouncer text={moves.announcement} />
    </>
  );
}

/** A packaging's Edit, Up / Down and Retire (the last one on sale cannot be retired). */
function PackagingActions({
  name,
  id,
  index,
  total,
  moves,
  onEdit,
  onRetire,
}: {
  name: string;
  id: number;
  index: number;
  total: number;
  moves: ComponentProps<typeof MoveButtons>['moves'];
  onEdit(): void;
  onRetire(): void;
}) {
  const { t } = useTranslation('admin-products');
  return (
    <span className="admin-products__row-actions">
      <button type="button" className="btn btn--secondary" aria-label={t('editLabel', { name })} onClick={onEdit}>
        {t('edit')}
      </button>
      <MoveButtons id={id} index={index} total={total} name={name} moves={moves} />
      {total > 1 && (
        <button type="button" className="btn btn--secondary" aria-label={t('retireLabel', { name })} onClick={onRetire}>
          {t('retire')}
        </button>
      )}
    </span>
  );
}
