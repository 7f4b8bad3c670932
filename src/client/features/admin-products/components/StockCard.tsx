import type { AdminPackaging } from '@common/contract/admin/products';
import type { StockMovement } from '@common/contract/admin/stock';
import { formatStockChange, STOCK_REASON_MAX } from '@common/stock-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format/date';
import { currentLang } from '@/lib/i18n/i18n';
import { Card } from '@/lib/ui/admin/Card';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { PagedTable } from '@/lib/ui/admin/PagedTable';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { FormField } from '@/lib/ui/FormField';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useProduct } from '../api/products-get';
import { useStockHistory } from '../api/stock-history';
import { useAdjustStockForm } from './use-adjust-stock-form';
import './stock-card.css';
import './stock-locales';

/**
 * The product page's Stock card (docs/decisions/015): each packaging's stock, marked low at or below the product's
 * threshold; **Adjust stock** by a change with a reason (never by typing the new number, so an order placed meanwhile
 * is never undone), with the resulting stock shown before saving and the server's refusal at its field; and the
 * product's stock history (orders, cancels, adjustments, imports), newest first, with Load more.
 */
export function StockCard({ productId }: { productId: number }) {
  const { t } = useTranslation('admin-stock');
  const product = useProduct(productId);
  const [adjusting, setAdjusting] = useState(false);
  const p = product.data;
  const onSale = p?.packagings.filter((v) => !v.is_retired) ?? [];
  const threshold = p?.low_stock_threshold ?? p?.low_stock_default ?? 0;
  const columns: Column<AdminPackaging>[] = [
    {
      key: 'name',
      label: t('packaging'),
      render: (v) => (
        <span>
          {packagingName(v)}
          {v.is_retired && <span className="admin-badge stock-card__badge">{t('retired')}</span>}
        </span>
      ),
    },
    {
      key: 'stock',
      label: t('stock'),
      numeric: true,
      render: (v) => (
        <span>
          {v.low && <span className="admin-badge admin-badge--warn stock-card__badge">{t('low')}</span>}
          <span className="stock-card__count">{v.stock}</span>
        </span>
      ),
    },
  ];
  return (
    <Card title={t('title')} className="stock-card">
      {!p ? (
        <ListStatus isPending={product.isPending} error={product.error} onRetry={() => product.refetch()} />
      ) : (
        <>
          <p className="stock-card__threshold">
            {t(p.low_stock_threshold === null ? 'thresholdDefault' : 'threshold', { count: threshold })}
          </p>
          <DataTable
            caption={t('levelsCaption')}
            columns={columns}
            rows={p.packagings}
            rowKey={(v) => v.id}
            empty={t('noPackagings')}
          />
          {onSale.length > 0 && (
            <div className="admin-page__actions">
              <button type="button" className="btn btn--primary" onClick={() => setAdjusting(true)}>
                {t('adjust')}
              </button>
            </div>
          )}
          {adjusting && <AdjustDialog packagings={onSale} onDone={() => setAdjusting(false)} />}
        </>
      )}
      <StockHistory productId={productId} />
    </Card>
  );
}

const packagingName = (v: Pick<AdminPackaging, 'name_en' | 'name_zh'>) =>
  currentLang() === 'zh' ? v.name_zh : v.name_en;

/** The Adjust stock dialog: packaging, change (+5, −3), reason; the stock it will leave, before saving. */
function AdjustDialog({ packagings, onDone }: { packagings: AdminPackaging[]; onDone(): void }) {
  const { t } = useTranslation('admin-stock');
  const form = useAdjustStockForm(packagings, onDone);
  const { packaging, after, errors } = form;

  return (
    <ConfirmDialog
      form="form-stack"
      title={packagings.length === 1 ? t('adjustFor', { name: packagingName(packaging) }) : t('adjust')}
      closeLabel={t('close')}
      confirmLabel={t('save')}
      busyLabel={t('saving')}
      cancelLabel={t('close')}
      busy={form.busy}
      error={errors.form}
      onConfirm={form.submit}
      onClose={onDone}
    >
      {packagings.length > 1 && (
        <FormField label={t('packaging')} error={errors.packaging_id}>
          {(control) => (
            <select
              {...control}
              className="input field__input"
              value={form.packagingId}
              onChange={(e) => form.choosePackaging(Number(e.target.value))}
            >
              {packagings.map((v) => (
                <option key={v.id} value={v.id}>
                  {packagingName(v)} ({t('stock')}: {v.stock})
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField
        label={t('change')}
        hint={t('changeHint')}
        error={errors.delta}
        inputMode="text"
        autoComplete="off"
        aria-required="true"
        maxLength={8}
        value={form.change}
        onChange={(e) => form.changeTo(e.target.value)}
      />
      <p className="stock-card__preview" aria-live="polite">
        {after === null
          ? t('previewNone', { stock: packaging.stock })
          : t('preview', { stock: packaging.stock, after })}
      </p>
      <FormField label={t('reason')} hint={t('reasonHint')} error={errors.reason}>
        {(control) => (
          <textarea
            {...control}
            className="input field__input"
            rows={2}
            maxLength={STOCK_REASON_MAX}
            aria-required="true"
            value={form.reason}
            onChange={(e) => form.reasonTo(e.target.value)}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}

/** The product's stock history, newest first, a page at a time. */
function StockHistory({ productId }: { productId: number }) {
  const { t } = useTranslation('admin-stock');
  const history = useStockHistory(productId);
  const rows = history.data?.pages.flatMap((page) => page.movements) ?? [];
  const columns: Column<StockMovement>[] = [
    { key: 'when', label: t('when'), render: (m) => formatDateTime(m.created_at) },
    { key: 'packaging', label: t('packaging'), render: (m) => m.packaging_name },
    {
      key: 'delta',
      label: t('delta'),
      numeric: true,
      render: (m) => (
        <span className={m.delta > 0 ? 'stock-card__delta stock-card__delta--up' : 'stock-card__delta'}>
          {formatStockChange(m.delta)}
        </span>
      ),
    },
    { key: 'after', label: t('after'), numeric: true, render: (m) => m.stock_after },
    {
      key: 'source',
      label: t('source'),
      // One element, so a phone's card layout (label beside value) keeps the source and its reason together.
      render: (m) => (
        <span>
          {t(`sources.${m.source}`)}
          {m.order_no && (
            <>
              {' '}
              <Link to={`/admin/orders/${m.order_no}`}>{m.order_no}</Link>
            </>
          )}
          {m.reason && <span className="stock-card__reason">{m.reason}</span>}
        </span>
      ),
    },
    {
      key: 'by',
      label: t('by'),
      render: (m) => m.by ?? (m.source === 'adjust' || m.source === 'import' ? t('commandLine') : '—'),
    },
  ];
  return (
    <section className="stock-card__history" aria-labelledby={`stock-history-${productId}`}>
      <h3 id={`stock-history-${productId}`}>{t('history')}</h3>
      <PagedTable
        list={history}
        keepRowsOnError
        caption={t('historyCaption')}
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        empty={t('noHistory')}
      />
    </section>
  );
}
