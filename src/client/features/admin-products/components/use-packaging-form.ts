import type { AdminPackaging } from '@common/contract/admin/products';
import { centsToDecimal, parseDollarsToCents } from '@common/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { useAddPackaging } from '../api/products-packagings-add';
import { useUpdatePackaging } from '../api/products-packagings-update';

export interface PackagingValues {
  name_en: string;
  name_zh: string;
  price: string;
  discount: string;
  stock: string;
}

/** The contract's fields and the form's field each is typed in (a server refusal names the former). */
const FIELD_OF: Record<string, keyof PackagingValues> = {
  name_en: 'name_en',
  name_zh: 'name_zh',
  price_cents: 'price',
  discount_price_cents: 'discount',
  stock: 'stock',
};

/**
 * The packaging dialog's form (PackagingDialog.tsx): a new packaging with its initial stock, or an existing one's
 * names and prices. A refusal from the server shows at the field it names, or above the buttons.
 */
export function usePackagingForm(productId: number, packaging: AdminPackaging | null, onClose: () => void) {
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
      const at = err instanceof ApiError ? err.fields.find((f) => FIELD_OF[f.field]) : undefined;
      if (at) setError(FIELD_OF[at.field]!, { message: at.message }, { shouldFocus: true });
      else setFormError(err);
    };
    if (packaging) await update.mutateAsync({ packaging_id: packaging.id, ...fields }).then(done, failed);
    else await add.mutateAsync({ product_id: productId, ...fields, stock: Number(v.stock || 0) }).then(done, failed);
  });

  return { register, errors, submit, formError, busy: mutation.isPending };
}
