import { formatCents } from '@common/money';

/** A rate in basis points as a percentage: 1000 → "10%", 1250 → "12.5%". */
export function formatRate(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

export { formatDate, formatDateTime } from './date';
export { formatCents };
