import type { AdminProduct } from '@common/contract/admin/products';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { Card } from '@/lib/ui/admin/Card';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { AdminNotFound } from '@/lib/ui/admin/NotFound';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useCreateProduct } from '../api/products-create';
import { useDeleteProduct } from '../api/products-delete';
import { useProduct } from '../api/products-get';
import { useUpdateProduct } from '../api/products-update';
import { PackagingsCard } from '../components/PackagingsCard';
import { StateBadge } from '../components/ProductBadges';
import { ProductForm } from '../components/ProductForm';
import type { ProductPayload } from '../components/product-form-values';
import { StockCard } from '../components/StockCard';
import '../locales';
import '../admin-products.css';

const FORM_ID = 'admin-product-form';

/** Telegram's MainButton submits the form (in a browser the form's own button does). */
const submitForm = () => (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit();

/**
 * /admin/products/new and /admin/products/:id: the product form; on an existing product also its packagings and
 * stock. An id that cannot be a product's (`abc`, `0`) is the back office's "no such page".
 */
export default function ProductPage() {
  const { id } = useParams();
  if (id === 'new' || id === undefined) return <NewProduct />;
  const productId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return productId > 0 ? <EditProduct productId={productId} /> : <AdminNotFound />;
}

function NewProduct() {
  const { t } = useTranslation('admin-products');
  const navigate = useNavigate();
  const create = useCreateProduct();
  const onSubmit = async ({ packagings = [], ...fields }: ProductPayload) => {
    const { message, data } = await create.mutateAsync({ ...fields, packagings });
    notify.success(message);
    navigate(`/admin/products/${data.product.id}`, { replace: true });
    return undefined;
  };
  return (
    <AdminPage
      title={t('newProduct')}
      mainAction={{ label: t('create'), onClick: submitForm, loading: create.isPending }}
      mainActionInPage={false}
      actions={<Link to="/admin/products">{t('back')}</Link>}
    >
      <ProductForm formId={FORM_ID} onSubmit={onSubmit} />
    </AdminPage>
  );
}

function EditProduct({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('admin-products');
  const product = useProduct(productId);
  const update = useUpdateProduct();
  const p = product.data;
  const title = p ? (i18n.language === 'zh' ? p.name_zh : p.name_en) : t('loading');
  const onSubmit = async (payload: ProductPayload) => {
    const { message, data } = await update.mutateAsync({ product_id: productId, ...payload });
    notify.success(message);
    return data.product;
  };
  return (
    <AdminPage
      title={title}
      mainAction={p ? { label: t('save'), onClick: submitForm, loading: update.isPending } : undefined}
      mainActionInPage={false}
      actions={<Link to="/admin/products">{t('back')}</Link>}
    >
      {!p ? (
        <ListStatus isPending={product.isPending} error={product.error} onRetry={() => product.refetch()} />
      ) : (
        <>
          <p>
            <StateBadge state={p.state} /> <small>{p.slug}</small>
          </p>
          {/* Not keyed by the saved version: packaging and stock changes re-read the product, never the typing. */}
          <ProductForm key={p.id} product={p} formId={FORM_ID} onSubmit={onSubmit} />
          <PackagingsCard product={p} />
          <StockCard productId={p.id} />
          <DeleteCard product={p} />
        </>
      )}
    </AdminPage>
  );
}

/** Delete, for a product nothing has ordered; otherwise why it can only be hidden. */
function DeleteCard({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation('admin-products');
  const navigate = useNavigate();
  const remove = useDeleteProduct();
  const [asking, setAsking] = useState(false);
  const name = i18n.language === 'zh' ? product.name_zh : product.name_en;
  return (
    <Card title={t('removeTitle')}>
      {product.has_orders ? (
        <p>{t('hasOrdersText')}</p>
      ) : (
        <>
          <p>{t('deleteText')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => setAsking(true)}>
            {t('delete')}
          </button>
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={t('deleteTitle')}
          closeLabel={t('close')}
          confirmLabel={t('delete')}
          cancelLabel={t('cancel')}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(product.id, {
              onSuccess: ({ message }) => {
                notify.success(message);
                navigate('/admin/products', { replace: true });
              },
            })
          }
          onClose={() => setAsking(false)}
        >
          <p>{t('deleteConfirm', { name })}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
