import type { StockState } from '@common/contract/catalog';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../product.css';

/** "Only N left" shows at or below this many units. */
const LOW_STOCK = 10;

/** The card's stock badge: Out of stock, Coming soon, Ready stock, or Only N left (nothing when plenty). */
export function StockBadge({ state, stock }: { state: StockState; stock: number }) {
  const { t } = useTranslation('product');
  const badge = stockBadge(state, stock);
  if (!badge) return null;
  return <span className={`stock-badge stock-badge--${badge.tone}`}>{t(badge.key, { count: stock })}</span>;
}

export function stockBadge(
  state: StockState,
  stock: number,
): { key: string; tone: 'muted' | 'info' | 'warn' | 'ok' } | null {
  if (state === 'out_of_stock' || (state === 'in_stock' && stock <= 0))
    return { key: 'stock.outOfStock', tone: 'muted' };
  if (state === 'coming_soon') return { key: 'stock.comingSoon', tone: 'info' };
  if (state === 'ready_stock') return { key: 'stock.readyStock', tone: 'ok' };
  if (stock <= LOW_STOCK) return { key: 'stock.onlyLeft', tone: 'warn' };
  return null;
}
