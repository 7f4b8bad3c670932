import type { StockState } from './contract/catalog';

/**
 * The state a shopper sees: a product set in stock (or ready stock) whose packagings have all sold out
 * is out of stock, whatever its stored state says; coming soon stays coming soon.
 */
export function effectiveStockState(stored: StockState, stockTotal: number): StockState {
  if ((stored === 'in_stock' || stored === 'ready_stock') && stockTotal <= 0) return 'out_of_stock';
  return stored;
}
