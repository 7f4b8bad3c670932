import type { ProductState } from '@common/catalogue-rules';
import { useTranslation } from 'react-i18next';
import '../locales';

const TONE: Record<ProductState, string> = {
  on_sale: 'admin-badge admin-badge--ok',
  coming_soon: 'admin-badge admin-badge--warn',
  hidden: 'admin-badge',
};

/** On sale / Coming soon / Hidden, as a badge. */
export function StateBadge({ state }: { state: ProductState }) {
  const { t } = useTranslation('admin-products');
  return <span className={TONE[state]}>{t(`states.${state}`)}</span>;
}
