import { lazy, Suspense } from 'react';
import { useUi } from '@/stores/ui-store';

const CartPanel = lazy(() => import('./CartPanel'));

/** Mounted by the layout: loads and shows the cart panel while `useUi().cartOpen` (docs/product.md §3). */
export function CartPanelHost() {
  const open = useUi((s) => s.cartOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}
